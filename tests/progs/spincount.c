/* spincount.c — see spincount.h. */
#include "spincount.h"
#include "spinhelper.h"

static int lock, count;

void sc_inc(void)
{
	spin_lock(&lock);
	int v = count;
	count = v + 1;
	spin_unlock(&lock);
}

int sc_get(void)
{
	spin_lock(&lock);
	int v = count;
	spin_unlock(&lock);
	return v;
}
