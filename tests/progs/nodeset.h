/* nodeset.h — a set of nodes whose insert returns the node it allocated. */
struct nodeset;
struct nodeset *nodeset_new(void);
void *nodeset_insert(struct nodeset *s, int v);
int nodeset_size(struct nodeset *s);
