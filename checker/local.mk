# checker: build rules (owned by the checker area).
