# scheduler: build rules (owned by the scheduler area).
