// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * pseries partition facts from /proc/powerpc/lparcfg
 * (docs/upstream-rules.md#userspace-signals): shared or dedicated, capped,
 * entitlement, dispatches, dispersions, PURR, pool.
 */
#include <stddef.h>
#include <string.h>

#include "../probe_util.h"

/* ---- lparcfg ------------------------------------------------------------- */

/* Which field a key fills; flags say which "have" group it belongs to. */
struct pvprobe_lpar_key {
	const char *key;
	size_t off;
	unsigned int have;
};

#define PVPROBE_LK(k, f, h) { k, offsetof(struct pvprobe_lparcfg, f), h }

static const struct pvprobe_lpar_key pvprobe_lpar_keys[] = {
	PVPROBE_LK("partition_id", partition_id, 0),
	PVPROBE_LK("partition_entitled_capacity", entitled_capacity,
	       PVPROBE_LPARCFG_HAVE_ENTITLEMENT),
	PVPROBE_LK("partition_active_processors", active_processors, 0),
	PVPROBE_LK("partition_potential_processors", potential_processors, 0),
	PVPROBE_LK("system_active_processors", system_active_processors, 0),
	PVPROBE_LK("capacity_weight", capacity_weight, 0),
	PVPROBE_LK("dispatches", dispatches, PVPROBE_LPARCFG_HAVE_DISPATCH),
	PVPROBE_LK("dispatch_dispersions", dispatch_dispersions,
	       PVPROBE_LPARCFG_HAVE_DISPATCH),
	PVPROBE_LK("purr", purr, PVPROBE_LPARCFG_HAVE_PURR),
	PVPROBE_LK("tbr", tbr, PVPROBE_LPARCFG_HAVE_PURR),
	PVPROBE_LK("pool", pool, PVPROBE_LPARCFG_HAVE_POOL),
	PVPROBE_LK("pool_capacity", pool_capacity, PVPROBE_LPARCFG_HAVE_POOL),
	PVPROBE_LK("pool_idle_time", pool_idle_time, PVPROBE_LPARCFG_HAVE_POOL),
	PVPROBE_LK("pool_num_procs", pool_num_procs, PVPROBE_LPARCFG_HAVE_POOL),
};

#define PVPROBE_NKEYS (sizeof(pvprobe_lpar_keys) / sizeof(pvprobe_lpar_keys[0]))

/* "lparcfg 1.9" */
static int pvprobe_lparcfg_header(const char *s, const char *e,
			      struct pvprobe_lparcfg *lp)
{
	struct pvprobe_pu_cur c;
	uint64_t maj, min;
	int rc;

	pvprobe_pu_trim(&s, &e);
	if (!pvprobe_pu_starts(s, e, "lparcfg "))
		return -PVS_EBADMSG;
	c.p = s + 8;
	c.end = e;
	pvprobe_pu_skip_blanks(&c);
	rc = pvprobe_pu_u64(&c, &maj);
	if (rc < 0)
		return rc;
	if (c.p >= c.end || *c.p != '.')
		return -PVS_EBADMSG;
	c.p++;
	rc = pvprobe_pu_u64(&c, &min);
	if (rc < 0)
		return rc;
	if (c.p != c.end)
		return -PVS_EBADMSG;
	if (maj != 1 || min > 1000)
		return -PVS_ERANGE;
	lp->version_major = (unsigned int)maj;
	lp->version_minor = (unsigned int)min;
	return 0;
}

/* A 0/1 flag. */
static int pvprobe_flag(const char *s, const char *e, bool *b)
{
	uint64_t v;
	int rc = pvprobe_pu_parse_u64(s, e, &v);

	if (rc < 0)
		return rc;
	if (v > 1)
		return -PVS_ERANGE;
	*b = v != 0;
	return 0;
}

/* The parser of PVPROBE_PU_FILE_READER() below. */
static int pvprobe_lparcfg_parse_l(const char *buf, size_t len,
				   struct pvprobe_lparcfg *out, unsigned int *line)
{
	struct pvprobe_pu_cur c = { buf, buf + len };
	struct pvprobe_pu_line l = { NULL, NULL, 0 };
	struct pvprobe_lparcfg lp;
	bool have_mode = false, have_active = false;
	unsigned int have_keys = 0; /* bits: keys seen, by index */
	const char *ks, *ke, *vs, *ve;
	size_t k;
	int rc = 0;

	if (buf == NULL || out == NULL)
		return -PVS_EINVAL;
	memset(&lp, 0, sizeof(lp));
	*line = 1;
	if (!pvprobe_pu_next_line(&c, &l))
		return -PVS_EBADMSG;
	rc = pvprobe_lparcfg_header(l.s, l.e, &lp);
	if (rc < 0)
		return rc;
	while ((rc = pvprobe_pu_next_kv(&c, &l, '=', &ks, &ke, &vs,
					&ve)) > 0) {
		*line = l.no;
		if (ks == ke)
			return -PVS_EBADMSG;
		if (pvprobe_pu_eq(ks, ke, "shared_processor_mode")) {
			rc = pvprobe_flag(vs, ve, &lp.shared);
			have_mode = true;
		} else if (pvprobe_pu_eq(ks, ke, "capped")) {
			rc = pvprobe_flag(vs, ve, &lp.capped);
			lp.have |= PVPROBE_LPARCFG_HAVE_CAPPED;
		} else if (pvprobe_pu_eq(ks, ke, "system_type")) {
			/* Display only: cut, never rejected for length. */
			if ((size_t)(ve - vs) >= sizeof(lp.system_type))
				ve = vs + sizeof(lp.system_type) - 1;
			rc = pvprobe_pu_copy_text(lp.system_type,
					      sizeof(lp.system_type), vs, ve);
		} else {
			for (k = 0; k < PVPROBE_NKEYS; k++)
				if (pvprobe_pu_eq(ks, ke, pvprobe_lpar_keys[k].key))
					break;
			if (k == PVPROBE_NKEYS)
				continue; /* firmware's own keys */
			rc = pvprobe_pu_parse_u64(vs, ve,
					      (uint64_t *)((char *)&lp +
						pvprobe_lpar_keys[k].off));
			lp.have |= pvprobe_lpar_keys[k].have;
			have_keys |= 1u << k;
			if (pvprobe_lpar_keys[k].off ==
			    offsetof(struct pvprobe_lparcfg, active_processors))
				have_active = true;
		}
		if (rc < 0)
			return rc;
	}
	if (rc < 0) {
		*line = l.no;	/* a line without its separator */
		return rc;
	}
	*line = 0;
	if (!have_mode || !have_active)
		return -PVS_EBADMSG;
	/* A group counts only when complete (e.g. purr without tbr is a
	 * truncated file, not a usable PURR sample). */
	for (k = 0; k < PVPROBE_NKEYS; k++)
		if ((lp.have & pvprobe_lpar_keys[k].have) &&
		    !(have_keys & (1u << k)))
			return -PVS_EBADMSG;
	*out = lp;
	return 0;
}

PVPROBE_PU_FILE_READER(lparcfg, struct pvprobe_lparcfg, "/proc/powerpc/lparcfg",
		       pvprobe_lparcfg_parse_l)
