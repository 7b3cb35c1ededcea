# man: build rules (owned by the man area).
