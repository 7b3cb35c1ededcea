/* preload/record.c — appending records to the execution log in the shared area. Hook
 * path: only one client thread runs at a time, so there is no locking. */
#include <string.h>

#include "preload.h"
#include "no-libc.h" /* last: poisons malloc and stdio from here on */

/* Room kept for the LP_REC_ERROR that reports a full log. */
#define LP_LOG_RESERVE 4096

void *lp_log_append(uint16_t type, size_t size)
{
	struct lp_shm *shm = lp_g.shm;
	size = LP_REC_ALIGN(size);
	uint64_t len = shm->log_len;
	/* An error or a crash ends the execution: it may use the reserve, and is left out
	 * rather than turned into a full log's error. */
	int last = type == LP_REC_ERROR || type == LP_REC_CRASH;
	size_t limit = LP_SHM_LOG_SIZE - (last ? 0 : LP_LOG_RESERVE);
	if (len + size > limit) {
		if (last)
			return NULL;
		lp_fatal(LP_OUT_LIMIT, 0,
			 "the execution log is full (256 MiB): lower --max-steps, shorten the "
			 "test, or stop a client thread that loops forever");
	}
	struct lp_rec *r = (struct lp_rec *)(lp_g.log + len);
	r->type = type;
	r->pad = 0;
	r->size = (uint32_t)size;
	shm->log_len = len + size;
	return r;
}

void lp_log_shrink(struct lp_rec *r, size_t size)
{
	size = LP_REC_ALIGN(size);
	if (size >= r->size || (char *)r + r->size != lp_g.log + lp_g.shm->log_len)
		return;
	lp_g.shm->log_len -= r->size - size;
	r->size = (uint32_t)size;
}

void lp_log_text(uint16_t type, lp_tid_t tid, uintptr_t site, const char *msg)
{
	size_t n = strlen(msg);
	struct lp_rec_text *r = lp_log_append(type, sizeof *r + n);
	if (!r)
		return;
	r->tid = tid;
	r->site = site;
	r->len = (uint32_t)n;
	r->pad = 0;
	memcpy(r + 1, msg, n);
}
