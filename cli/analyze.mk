# cli/analyze.mk: build rules for the analysis library (libanalyze.a) and its tests.
