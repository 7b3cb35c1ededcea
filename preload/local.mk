# preload: build rules (owned by the preload area).
