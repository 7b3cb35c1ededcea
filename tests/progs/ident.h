/* ident.h — a function whose result depends on which thread calls it. */
long ident_self(void);
