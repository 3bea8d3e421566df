// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The simulator's engine: a bounded binary min-heap of events ordered by
 * (time, insertion sequence), so two runs with the same seed pop the same
 * events in the same order; a seeded xorshift64* PRNG; and schbench's
 * latency histogram (fio's plat buckets). Integer time only.
 */
#include <stdlib.h>
#include <string.h>

#include <pvsched/sim.h>

#include "sim_int.h"

uint64_t pvsim_mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

uint64_t pvsim_spread_pm(uint64_t z, uint64_t spread_pm)
{
	return 1000 - spread_pm + z % (2 * spread_pm + 1);
}

int pvsim_init(struct pvsim *s, uint32_t cap, uint64_t seed)
{
	uint64_t z = seed + 0x9e3779b97f4a7c15ull;

	s->heap = calloc(cap ? cap : 1, sizeof(*s->heap));
	if (!s->heap)
		return -1;
	s->now_ns = 0;
	s->n = 0;
	s->cap = cap;
	s->seq = 0;
	s->events = 0;
	/* splitmix64 of the seed: nearby seeds give unrelated streams */
	z = pvsim_mix64(z);
	s->rng = z ? z : 0x9e3779b97f4a7c15ull;
	s->debug = false;
	s->failures = 0;
	s->first_failure = NULL;
	memset(&s->fail, 0, sizeof(s->fail));
	memset(&s->cur, 0, sizeof(s->cur));
	s->inject_event = 0;
	s->kind_names = NULL;
	s->nkinds = 0;
	s->obj_name = NULL;
	return 0;
}

void pvsim_destroy(struct pvsim *s)
{
	free(s->heap);
	s->heap = NULL;
	s->n = 0;
	s->cap = 0;
}

void pvsim_fail(struct pvsim *s, const char *what)
{
	if (!s->failures) {
		s->first_failure = what;
		s->fail.what = what;
		s->fail.t_ns = s->now_ns;
		s->fail.kind = s->cur.kind;
		s->fail.obj = s->cur.obj;
		s->fail.event_nr = s->events;
		s->fail.kind_name = s->kind_names && s->cur.kind < s->nkinds ?
				    s->kind_names[s->cur.kind] : NULL;
		s->fail.obj_name = s->obj_name;
	}
	s->failures++;
}

void pvsim_fail_obj(struct pvsim *s, const char *what, uint32_t obj)
{
	bool first = !s->failures;

	pvsim_fail(s, what);
	if (first)
		s->fail.obj = obj;
}

static bool ev_before(const struct pvsim_event *a,
		      const struct pvsim_event *b)
{
	return a->t_ns < b->t_ns || (a->t_ns == b->t_ns && a->seq < b->seq);
}

int pvsim_at(struct pvsim *s, uint64_t t_ns, uint32_t kind, uint32_t obj,
	       uint32_t epoch)
{
	struct pvsim_event ev;
	uint32_t i;

	if (s->n >= s->cap) {
		pvsim_fail(s, "event queue full");
		return -1;
	}
	if (t_ns < s->now_ns) {
		pvsim_fail(s, "event scheduled in the past");
		return -1;
	}
	ev.t_ns = t_ns;
	ev.seq = s->seq++;
	ev.kind = kind;
	ev.obj = obj;
	ev.epoch = epoch;
	/* sift up */
	i = s->n++;
	while (i > 0) {
		uint32_t parent = (i - 1) / 2;

		if (!ev_before(&ev, &s->heap[parent]))
			break;
		s->heap[i] = s->heap[parent];
		i = parent;
	}
	s->heap[i] = ev;
	return 0;
}

bool pvsim_next(struct pvsim *s, struct pvsim_event *out)
{
	struct pvsim_event last;
	uint32_t i = 0, n;

	if (!s->n)
		return false;
	*out = s->heap[0];
	n = --s->n;
	last = s->heap[n];
	/* sift the last element down from the root */
	for (;;) {
		uint32_t c = 2 * i + 1;

		if (c >= n)
			break;
		if (c + 1 < n && ev_before(&s->heap[c + 1], &s->heap[c]))
			c++;
		if (!ev_before(&s->heap[c], &last))
			break;
		s->heap[i] = s->heap[c];
		i = c;
	}
	if (n)
		s->heap[i] = last;
	if (out->t_ns < s->now_ns)
		pvsim_fail(s, "time went backwards");
	s->now_ns = out->t_ns;
	s->events++;
	/* what a violation report needs of the event being handled */
	s->cur.kind = out->kind;
	s->cur.obj = out->obj;
	if (__builtin_expect(s->events == s->inject_event, 0))
		pvsim_fail(s, "injected violation");
	return true;
}

uint64_t pvsim_loop(struct pvsim *s, uint32_t end_kind,
		      pvsim_dispatch_fn dispatch, pvsim_check_fn check,
		      void *model)
{
	struct pvsim_event ev;

	while (pvsim_next(s, &ev) && ev.kind != end_kind) {
		dispatch(model, &ev);
		if (s->debug && check)
			check(model);
	}
	return s->failures;
}

/* ---- schbench / fio latency histogram ----------------------------------- */

static unsigned int msb64(uint64_t v)
{
	unsigned int m = 0;

	while (v >>= 1)
		m++;
	return m;
}

unsigned int pvsim_hist_idx(uint64_t us)
{
	unsigned int msb, error_bits, base, offset, idx;

	msb = us ? msb64(us) : 0;
	if (msb <= PVSIM_PLAT_BITS)
		return (unsigned int)us;
	error_bits = msb - PVSIM_PLAT_BITS;
	base = (error_bits + 1) << PVSIM_PLAT_BITS;
	offset = (unsigned int)((PVSIM_PLAT_VAL - 1) & (us >> error_bits));
	idx = base + offset;
	return idx < PVSIM_PLAT_NR - 1 ? idx : PVSIM_PLAT_NR - 1;
}

uint64_t pvsim_hist_val(unsigned int idx)
{
	unsigned int error_bits, k;
	uint64_t base;

	if (idx < (PVSIM_PLAT_VAL << 1))
		return idx;
	error_bits = (idx >> PVSIM_PLAT_BITS) - 1;
	base = (uint64_t)1 << (error_bits + PVSIM_PLAT_BITS);
	k = idx % PVSIM_PLAT_VAL;
	/* base + (k + 0.5) * 2^error_bits, exact since error_bits >= 1 */
	return base + ((uint64_t)k << error_bits) +
	       ((uint64_t)1 << (error_bits - 1));
}

void pvsim_hist_clear(struct pvsim_hist *h)
{
	unsigned int i;

	for (i = 0; i < PVSIM_PLAT_NR; i++)
		h->buckets[i] = 0;
	h->n = 0;
	h->min_us = UINT64_MAX;
	h->max_us = 0;
}

void pvsim_hist_add(struct pvsim_hist *h, uint64_t us)
{
	h->buckets[pvsim_hist_idx(us)]++;
	h->n++;
	if (us < h->min_us)
		h->min_us = us;
	if (us > h->max_us)
		h->max_us = us;
}

void pvsim_hist_merge(struct pvsim_hist *dst,
			const struct pvsim_hist *src)
{
	unsigned int i;

	for (i = 0; i < PVSIM_PLAT_NR; i++)
		dst->buckets[i] += src->buckets[i];
	dst->n += src->n;
	if (src->min_us < dst->min_us)
		dst->min_us = src->min_us;
	if (src->max_us > dst->max_us)
		dst->max_us = src->max_us;
}

uint64_t pvsim_hist_pct(const struct pvsim_hist *h, unsigned int per_mille)
{
	uint64_t sum = 0;
	unsigned int i;

	if (!h->n)
		return 0;
	for (i = 0; i < PVSIM_PLAT_NR; i++) {
		sum += h->buckets[i];
		/* sum >= per_mille / 1000 * n, in integers */
		if (sum * 1000 >= (uint64_t)per_mille * h->n)
			return pvsim_hist_val(i);
	}
	return pvsim_hist_val(PVSIM_PLAT_NR - 1);
}

const unsigned int pvsim_pct_pm[PVSIM_NPCT] = {
	500, 750, 900, 950, 990, 995, 999
};

const char *const pvsim_pct_metric[PVSIM_NPCT] = {
	"p50_us", "p75_us", "p90_us", "p95_us", "p99_us", "p99.5_us",
	"p99.9_us"
};

uint64_t pvsim_iter_seed(uint64_t seed, uint32_t iter)
{
	return seed * 0x100000001b3ull + iter + 1;
}

void pvsim_print_centi(FILE *f, int64_t centi)
{
	uint64_t m = centi < 0 ? (uint64_t)-centi : (uint64_t)centi;

	fprintf(f, "%c%llu.%02llu", centi < 0 ? '-' : '+',
		(unsigned long long)(m / 100), (unsigned long long)(m % 100));
}
