# bench: build rules (owned by the bench area).
