// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* EEVDF run-queue rules of Linux 6.6 (and CFS's of 6.1), equal weights:
 * see eevdf.h. */
#include "models/eevdf.h"

int64_t pvsim_eevdf_avg(struct pvsim_eevdf_se *const *q, unsigned int n,
			int64_t vmin_ns)
{
	int64_t sum = 0;
	unsigned int i;

	if (!n)
		return vmin_ns;
	for (i = 0; i < n; i++)
		sum += q[i]->vruntime_ns;
	return sum / (int64_t)n;
}

/* entity_eligible(): n x vruntime <= sum of vruntimes, exact. */
static bool eligible(struct pvsim_eevdf_se *const *q, unsigned int n,
		     const struct pvsim_eevdf_se *se)
{
	int64_t sum = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		sum += q[i]->vruntime_ns;
	return se->vruntime_ns * (int64_t)n <= sum;
}

bool pvsim_eevdf_charge(const struct pvsim_eevdf *e,
			struct pvsim_eevdf_se *se, uint64_t ran_ns)
{
	se->vruntime_ns += (int64_t)ran_ns;
	if (se->vruntime_ns < se->deadline_ns)
		return false;
	se->deadline_ns = se->vruntime_ns + (int64_t)e->slice_ns;
	se->protect = false;
	return true;
}

/* CFS's min_vruntime: at least vmin, else the lowest queued vruntime. */
static int64_t cfs_min(struct pvsim_eevdf_se *const *q, unsigned int n,
		       int64_t vmin_ns)
{
	int64_t m = n ? q[0]->vruntime_ns : vmin_ns;
	unsigned int i;

	for (i = 1; i < n; i++)
		m = q[i]->vruntime_ns < m ? q[i]->vruntime_ns : m;
	return m > vmin_ns ? m : vmin_ns;
}

void pvsim_eevdf_place(const struct pvsim_eevdf *e, struct pvsim_eevdf_se *se,
		       struct pvsim_eevdf_se *const *q, unsigned int n,
		       int64_t vmin_ns)
{
	int64_t lag = n ? se->vlag_ns * (int64_t)(n + 1) / (int64_t)n : 0;

	if (e->cfs) {
		int64_t v = cfs_min(q, n, vmin_ns) - (int64_t)e->latency_ns / 2;

		se->vruntime_ns = se->vruntime_ns > v ? se->vruntime_ns : v;
		se->protect = false;
		return;
	}
	se->vruntime_ns = pvsim_eevdf_avg(q, n, vmin_ns) - lag;
	se->deadline_ns = se->vruntime_ns + (int64_t)e->slice_ns;
	se->protect = false;
}

void pvsim_eevdf_sleep(const struct pvsim_eevdf *e, struct pvsim_eevdf_se *se,
		       struct pvsim_eevdf_se *const *q, unsigned int n)
{
	int64_t lim = (int64_t)(2 * e->slice_ns > e->tick_ns ?
				2 * e->slice_ns : e->tick_ns);
	int64_t lag = pvsim_eevdf_avg(q, n, se->vruntime_ns) - se->vruntime_ns;

	se->vlag_ns = lag > lim ? lim : lag < -lim ? -lim : lag;
	se->protect = false;
}

unsigned int pvsim_eevdf_pick(const struct pvsim_eevdf *e,
			      struct pvsim_eevdf_se *const *q, unsigned int n,
			      int cur)
{
	unsigned int i, best = n;

	if (n == 1)
		return 0;
	if (e->cfs) {	/* the leftmost: lowest vruntime */
		for (best = 0, i = 1; i < n; i++)
			if (q[i]->vruntime_ns < q[best]->vruntime_ns)
				best = i;
		return best;
	}
	if (cur >= 0 && !eligible(q, n, q[cur]))
		cur = -1;
	if (e->run_to_parity && cur >= 0 && q[cur]->protect)
		return (unsigned int)cur;
	for (i = 0; i < n; i++)
		if (eligible(q, n, q[i]) &&
		    (best == n || q[i]->deadline_ns < q[best]->deadline_ns))
			best = i;
	/* some entity is always eligible (V is their mean) */
	return best < n ? best : 0;
}

bool pvsim_eevdf_wakeup_preempts(const struct pvsim_eevdf *e,
				 struct pvsim_eevdf_se *const *q, unsigned int n,
				 int cur, unsigned int woken)
{
	if (cur < 0)
		return false;
	if (e->cfs)
		return q[cur]->vruntime_ns - q[woken]->vruntime_ns >
		       (int64_t)e->wakeup_gran_ns;
	return pvsim_eevdf_pick(e, q, n, cur) == woken;
}

bool pvsim_eevdf_tick_preempts(const struct pvsim_eevdf *e,
			       struct pvsim_eevdf_se *const *q, unsigned int n,
			       int cur, uint64_t ran_ns)
{
	uint64_t slice;
	unsigned int i;
	bool any = false;

	if (cur < 0 || n < 2)
		return false;
	if (!e->cfs)
		return (int)pvsim_eevdf_pick(e, q, n, cur) != cur;
	/* sched_slice(): the period (n x min_gran beyond 8) over n */
	slice = n > 8 ? e->slice_ns : e->latency_ns / n;
	slice = slice > e->slice_ns ? slice : e->slice_ns;
	if (ran_ns > slice)
		return true;
	if (ran_ns < e->slice_ns)
		return false;
	for (i = 0; i < n; i++)
		any |= (int)i != cur && q[cur]->vruntime_ns - q[i]->vruntime_ns >
					(int64_t)slice;
	return any;
}

uint64_t pvsim_eevdf_until_resched(const struct pvsim_eevdf *e,
				   const struct pvsim_eevdf_se *se,
				   uint64_t now_ns, uint64_t phase_ns)
{
	int64_t left = se->deadline_ns - se->vruntime_ns;
	uint64_t due = now_ns + (uint64_t)(left > 0 ? left : 0), tk = e->tick_ns;

	if (e->cfs)	/* the next tick decides (every min_gran without) */
		due = now_ns + (tk ? 1 : e->slice_ns);
	if (!tk)
		return due - now_ns;
	/* the first tick of this CPU (at phase + j x tick) at or after due */
	due += (phase_ns % tk + tk - due % tk) % tk;
	return due - now_ns;
}
