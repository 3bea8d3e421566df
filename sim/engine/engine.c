// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The simulator's engine: a bounded binary min-heap of events ordered by
 * (time, insertion sequence), so two runs with the same seed pop the same
 * events in the same order; a seeded xorshift64* PRNG and the seeds of
 * iterations and private streams. Integer time only. The latency
 * histogram is hist.c, the shared printing text.c.
 */
#include <stdlib.h>
#include <string.h>

#include <pvsched/sim.h>

#include "engine/sim_int.h"

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

uint64_t pvsim_loop_until(struct pvsim *s, uint32_t end_kind,
			  uint64_t end_ns, pvsim_dispatch_fn dispatch,
			  pvsim_check_fn check, void *model)
{
	struct pvsim_event ev;

	while (pvsim_next(s, &ev) && ev.kind != end_kind &&
	       s->now_ns < end_ns) {
		dispatch(model, &ev);
		if (s->debug && check)
			check(model);
	}
	return s->failures;
}

uint64_t pvsim_loop(struct pvsim *s, uint32_t end_kind,
		      pvsim_dispatch_fn dispatch, pvsim_check_fn check,
		      void *model)
{
	return pvsim_loop_until(s, end_kind, UINT64_MAX, dispatch, check,
				model);
}

int pvsim_run_model(struct pvsim *s, const struct pvsim_model *m,
		    uint64_t seed, bool debug, void *model)
{
	int ret = -1;

	if (pvsim_init(s, m->cap, seed))
		return -1;
	s->debug = debug;
	if (!m->setup(model, seed)) {
		pvsim_loop(s, m->end_kind, m->dispatch, m->check, model);
		m->finish(model, seed);
		ret = s->failures && !debug ? -1 : 0;
	}
	pvsim_destroy(s);
	return ret;
}

uint64_t pvsim_iter_seed(uint64_t seed, uint32_t iter)
{
	return seed * 0x100000001b3ull + iter + 1;
}
