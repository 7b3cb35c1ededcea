# cli: build rules (owned by the cli area).
