# tests: build rules (owned by the tests area).
