// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * The event model of pseries-cede-latency (the platforms, governor and
 * workloads it runs are idlegov.c's): CPUs that run, snooze and cede, and
 * the wake-ups between them, one run and its measurements.
 */
#include <stdlib.h>
#include <string.h>

#include "scenarios/pseries_cede_latency.h"
#include "engine/sim_int.h"

/* ---- the model ---------------------------------------------------------- */

enum cede_state { CEDE_BUSY, CEDE_SNOOZE, CEDE_CEDE, CEDE_WAKING, CEDE_NSTATES };

enum cede_ev {
	CEDE_EV_DONE,	/* a busy period ends: wake the peer / arm, idle */
	CEDE_EV_RUN,	/* the woken CPU runs */
	CEDE_EV_TIMER,	/* a sleeper's timer expires */
	CEDE_EV_IPI,	/* an IPI from the always-busy source arrives */
	CEDE_EV_SNOOZE_TO	/* the snooze loop's timeout */
};

enum cede_how { CEDE_HOW_TIMER, CEDE_HOW_IPI };

/* event queue room per CPU (see pvsim_cede_latency_run()) */
#define CEDE_EV_SLOTS 128

struct cede_cpu {
	uint8_t st;
	uint8_t idle_st;	/* CEDE_SNOOZE or CEDE_CEDE: the state woken from */
	uint32_t epoch;		/* bumped at a wake-up: stale timeouts */
	uint64_t since_ns;	/* entry into the current idle state */
	uint64_t wake_ns;	/* when the pending wake-up was sent */
	uint64_t lat_ns;	/* its drawn latency (debug check) */
	uint64_t timer_ns;	/* sleeper's armed timer, absolute */
	uint64_t state_ns;	/* last state change (debug accounting) */
	uint64_t acc_ns[CEDE_NSTATES];
	struct pvsim_cede_latency_gov gov;
};

struct cede_ctx {
	struct pvsim s;
	const struct pvsim_cede_latency_platform *pl;
	const struct pvs_idle_state *states;
	const struct pvsim_cede_latency_work *w;
	struct pvsim_cede_latency_result *r;
	struct pvsim_window measured;
	uint64_t latreq_ns;
	uint64_t snooze_to_ns;		/* snooze_loop's timeout */
	uint64_t cede_lat_min, cede_lat_max;	/* path bounds (debug) */
	struct cede_cpu cpu[PVSIM_CEDE_LATENCY_MAX_CPUS];
};

static uint64_t cede_u(struct cede_ctx *c, uint64_t lo, uint64_t hi)
{
	return pvsim_rand_range(&c->s, lo, hi);
}

static uint64_t cede_min3(uint64_t a, uint64_t b, uint64_t c)
{
	uint64_t m = a < b ? a : b;

	return m < c ? m : c;
}

static uint64_t cede_max3(uint64_t a, uint64_t b, uint64_t c)
{
	uint64_t m = a > b ? a : b;

	return m > c ? m : c;
}

/* hardware wake + hypervisor-to-partition transition drawn twice */
static uint64_t cede_cede_base(struct cede_ctx *c)
{
	const struct pvsim_cede_latency_wake_model *m = &c->pl->wake;

	return cede_u(c, m->hw_min_ns, m->hw_max_ns) +
	       cede_u(c, m->entry_min_ns, m->entry_max_ns) +
	       cede_u(c, m->entry_min_ns, m->entry_max_ns);
}

static uint64_t cede_wake_latency(struct cede_ctx *c, unsigned int idle_st,
				enum cede_how how)
{
	const struct pvsim_cede_latency_wake_model *m = &c->pl->wake;
	uint64_t r, t;

	if (idle_st == CEDE_SNOOZE)
		return cede_u(c, m->snooze_min_ns, m->snooze_max_ns);
	r = cede_u(c, 0, 999);
	if (how == CEDE_HOW_TIMER) {
		if (r < m->t_early_pm)
			return cede_u(c, m->t_early_min_ns, m->t_early_max_ns);
		t = cede_cede_base(c);
		r -= m->t_early_pm;
		if (r < m->t_hv_pm)
			t += cede_u(c, m->t_hv_min_ns, m->t_hv_max_ns);
		else if (r < m->t_hv_pm + m->t_noise_pm)
			t += cede_u(c, 0, m->t_noise_max_ns);
		return t;
	}
	if (r < m->i_early_pm)
		return cede_u(c, m->i_early_min_ns, m->i_early_max_ns);
	t = cede_u(c, m->ipi_min_ns, m->ipi_max_ns) + cede_cede_base(c);
	if (r < m->i_early_pm + m->i_queue_pm)
		t += cede_u(c, 0, m->i_queue_max_ns);
	return t;
}

static void cede_set_state(struct cede_ctx *c, struct cede_cpu *p, uint8_t st)
{
	p->acc_ns[p->st] += c->s.now_ns - p->state_ns;
	p->state_ns = c->s.now_ns;
	p->st = st;
}

static uint64_t cede_next_timer(const struct cede_ctx *c, const struct cede_cpu *p)
{
	if (c->w->kind == PVSIM_CEDE_LATENCY_TIMER_SLEEP && p->timer_ns > c->s.now_ns)
		return p->timer_ns - c->s.now_ns;
	return c->w->tick_ns ? c->w->tick_ns : PVSIM_CEDE_LATENCY_NO_TIMER_NS;
}

/* The idle loop: ask the governor, enter snooze or CEDE. */
static void cede_idle_enter(struct cede_ctx *c, uint32_t i)
{
	struct cede_cpu *p = &c->cpu[i];
	uint64_t predicted = 0;
	unsigned int cede;

	cede = c->w->force_cede ? 1 :
	       pvsim_cede_latency_gov_select(&p->gov, c->states, cede_next_timer(c, p),
				 c->latreq_ns, &predicted);
	if (c->s.debug && cede && !c->w->force_cede &&
	    ((uint64_t)c->states[1].target_residency_us * 1000 > predicted ||
	     (uint64_t)c->states[1].exit_latency_us * 1000 > c->latreq_ns))
		pvsim_fail(&c->s, "CEDE chosen against residency or QoS");
	cede_set_state(c, p, cede ? CEDE_CEDE : CEDE_SNOOZE);
	p->since_ns = c->s.now_ns;
	if (pvsim_window_has(&c->measured, c->s.now_ns))
		c->r->entries[cede]++;
	if (!cede && c->snooze_to_ns)
		pvsim_at(&c->s, c->s.now_ns + c->snooze_to_ns,
			   CEDE_EV_SNOOZE_TO, i, p->epoch);
}

/* A wake-up (timer expiry or IPI) reaches idle CPU i now. */
static void cede_wake(struct cede_ctx *c, uint32_t i, enum cede_how how)
{
	struct cede_cpu *p = &c->cpu[i];

	if (p->st != CEDE_SNOOZE && p->st != CEDE_CEDE) {
		pvsim_fail(&c->s, "wake-up of a CPU that is not idle");
		return;
	}
	pvsim_cede_latency_gov_reflect(&p->gov, c->s.now_ns - p->since_ns);
	p->idle_st = p->st;
	p->wake_ns = c->s.now_ns;
	p->lat_ns = cede_wake_latency(c, p->st, how);
	p->epoch++;
	cede_set_state(c, p, CEDE_WAKING);
	pvsim_at(&c->s, c->s.now_ns + p->lat_ns, CEDE_EV_RUN, i, p->epoch);
}

static void cede_run_ev(struct cede_ctx *c, uint32_t i)
{
	struct cede_cpu *p = &c->cpu[i];
	struct pvsim_cede_latency_result *r = c->r;
	uint64_t lat = c->s.now_ns - p->wake_ns, busy;

	if (p->st != CEDE_WAKING) {
		pvsim_fail(&c->s, "run event for a CPU that is not waking");
		return;
	}
	if (pvsim_window_has(&c->measured, p->wake_ns)) {
		r->wakes++;
		if (c->w->qos_ns && lat > c->w->qos_ns)
			r->over_qos++;
		if (r->n < r->cap)
			r->lat_ns[r->n++] = lat;
		/* Linux counts the exit in the state's time */
		r->idle_ns[p->idle_st == CEDE_CEDE] += c->s.now_ns - p->since_ns;
		if (c->w->stop_samples && r->n >= c->w->stop_samples)
			c->measured.end_ns = c->s.now_ns;	/* stop here */
	}
	cede_set_state(c, p, CEDE_BUSY);
	/* ping-pong servers (odd CPUs) and sleepers work; clients think */
	if (c->w->kind == PVSIM_CEDE_LATENCY_PINGPONG && !(i & 1))
		busy = cede_u(c, c->w->think_min_ns, c->w->think_max_ns);
	else
		busy = cede_u(c, c->w->work_min_ns, c->w->work_max_ns);
	pvsim_at(&c->s, c->s.now_ns + busy, CEDE_EV_DONE, i, 0);
}

static void cede_done_ev(struct cede_ctx *c, uint32_t i)
{
	struct cede_cpu *p = &c->cpu[i];
	uint64_t t;

	switch (c->w->kind) {
	case PVSIM_CEDE_LATENCY_PINGPONG:
		/* send (IPI) to the peer, then block */
		cede_wake(c, i ^ 1, CEDE_HOW_IPI);
		break;
	case PVSIM_CEDE_LATENCY_TIMER_SLEEP:
		p->timer_ns = c->s.now_ns + cede_u(c, c->w->think_min_ns,
						 c->w->think_max_ns);
		pvsim_at(&c->s, p->timer_ns, CEDE_EV_TIMER, i, 0);
		break;
	case PVSIM_CEDE_LATENCY_IPI_SLEEP:
		t = c->s.now_ns + cede_u(c, c->w->think_min_ns,
				       c->w->think_max_ns);
		pvsim_at(&c->s, t, CEDE_EV_IPI, i, 0);
		break;
	}
	cede_idle_enter(c, i);
}

static void cede_snooze_to_ev(struct cede_ctx *c, uint32_t i, uint32_t epoch)
{
	struct cede_cpu *p = &c->cpu[i];

	if (epoch != p->epoch || p->st != CEDE_SNOOZE)
		return;	/* woken before the timeout */
	if (pvsim_window_has(&c->measured, c->s.now_ns)) {
		c->r->idle_ns[0] += c->s.now_ns - p->since_ns;
		c->r->snooze_timeouts++;
	}
	/* menu: a polling state that hit its time limit counts as an idle
	 * period as long as the next timer */
	pvsim_cede_latency_gov_reflect(&p->gov, cede_next_timer(c, p));
	cede_idle_enter(c, i);
}

static bool cede_running(const struct cede_cpu *p)
{
	return p->st == CEDE_BUSY || p->st == CEDE_WAKING;
}

/* Invariants after every event (debug runs). */
static void cede_check(void *model)
{
	struct cede_ctx *c = model;
	uint64_t now = c->s.now_ns;
	uint32_t i, k;

	for (i = 0; i < c->w->nr_cpus; i++) {
		const struct cede_cpu *p = &c->cpu[i];
		uint64_t sum = now - p->state_ns;

		for (k = 0; k < CEDE_NSTATES; k++)
			sum += p->acc_ns[k];
		if (sum != now)
			pvsim_fail(&c->s, "CPU time does not add up");
		if (p->st == CEDE_SNOOZE && c->snooze_to_ns &&
		    now - p->since_ns > c->snooze_to_ns)
			pvsim_fail(&c->s, "snooze beyond its timeout");
		if (p->st == CEDE_WAKING && p->idle_st == CEDE_SNOOZE &&
		    (p->lat_ns < c->pl->wake.snooze_min_ns ||
		     p->lat_ns > c->pl->wake.snooze_max_ns))
			pvsim_fail(&c->s, "snooze exit outside its range");
		if (p->st == CEDE_WAKING && p->idle_st == CEDE_CEDE &&
		    (p->lat_ns < c->cede_lat_min ||
		     p->lat_ns > c->cede_lat_max))
			pvsim_fail(&c->s, "CEDE exit outside its range");
		/* a ping-pong pair has one message: one side runs */
		if (c->w->kind == PVSIM_CEDE_LATENCY_PINGPONG && (i & 1) &&
		    cede_running(&c->cpu[i]) == cede_running(&c->cpu[i - 1]))
			pvsim_fail(&c->s, "pair: not one side running");
	}
	if (c->r->n > c->r->cap || c->r->n > c->r->wakes)
		pvsim_fail(&c->s, "more samples than wake-ups");
}

static bool cede_work_ok(const struct pvsim_cede_latency_work *w)
{
	return w->nr_cpus && w->nr_cpus <= PVSIM_CEDE_LATENCY_MAX_CPUS &&
	       (w->kind != PVSIM_CEDE_LATENCY_PINGPONG || !(w->nr_cpus & 1)) &&
	       w->kind <= PVSIM_CEDE_LATENCY_IPI_SLEEP &&
	       w->work_min_ns <= w->work_max_ns &&
	       w->think_min_ns <= w->think_max_ns && w->work_min_ns &&
	       w->think_min_ns && w->runtime_ns;
}

static void cede_dispatch(void *model, const struct pvsim_event *ev)
{
	struct cede_ctx *c = model;

	switch (ev->kind) {
	case CEDE_EV_DONE:
		cede_done_ev(c, ev->obj);
		break;
	case CEDE_EV_RUN:
		cede_run_ev(c, ev->obj);
		break;
	case CEDE_EV_TIMER:
		cede_wake(c, ev->obj, CEDE_HOW_TIMER);
		break;
	case CEDE_EV_IPI:
		cede_wake(c, ev->obj, CEDE_HOW_IPI);
		break;
	case CEDE_EV_SNOOZE_TO:
		cede_snooze_to_ev(c, ev->obj, ev->epoch);
		break;
	default:
		pvsim_fail(&c->s, "unknown event");
	}
}

int pvsim_cede_latency_run(const struct pvsim_cede_latency_platform *pl,
	       const struct pvs_idle_state states[2],
	       const struct pvsim_cede_latency_work *w, uint64_t seed, bool debug,
	       struct pvsim_cede_latency_result *r)
{
	const struct pvsim_cede_latency_wake_model *m = &pl->wake;
	struct cede_ctx *c;
	uint64_t base_min, base_max;
	uint32_t i;

	r->n = 0;
	r->wakes = r->over_qos = r->snooze_timeouts = 0;
	r->idle_ns[0] = r->idle_ns[1] = r->entries[0] = r->entries[1] = 0;
	r->events = r->failures = 0;
	r->first_failure = NULL;
	memset(&r->fail, 0, sizeof(r->fail));
	if (!cede_work_ok(w) || (!r->lat_ns && r->cap))
		return -1;
	c = calloc(1, sizeof(*c));
	if (!c)
		return -1;
	/*
	 * One live event per CPU, plus stale snooze timeouts (a CPU woken
	 * from snooze leaves its timeout queued; it is skipped when it
	 * fires): CEDE_EV_SLOTS per CPU is room for a timeout's worth of
	 * the shortest busy periods.
	 */
	if (pvsim_init(&c->s, CEDE_EV_SLOTS * w->nr_cpus, seed)) {
		free(c);
		return -1;
	}
	c->s.debug = debug;
	c->pl = pl;
	c->states = states;
	c->w = w;
	c->r = r;
	c->measured = pvsim_window_of(w->warmup_ns, w->runtime_ns);
	c->latreq_ns = w->qos_ns ? w->qos_ns : UINT64_MAX;
	/* pseries snooze_loop: poll for at most CEDE's target residency */
	c->snooze_to_ns = (uint64_t)states[1].target_residency_us * 1000;
	base_min = (uint64_t)m->hw_min_ns + 2ull * m->entry_min_ns;
	base_max = (uint64_t)m->hw_max_ns + 2ull * m->entry_max_ns;
	c->cede_lat_min = cede_min3(base_min, m->t_early_min_ns,
				  m->i_early_min_ns);
	c->cede_lat_max = cede_max3(base_max + m->t_hv_max_ns,
				  m->t_early_max_ns,
				  base_max + m->ipi_max_ns + m->i_queue_max_ns);
	if (c->cede_lat_max < m->i_early_max_ns)
		c->cede_lat_max = m->i_early_max_ns;

	/* clients and sleepers start busy; ping-pong servers start idle */
	for (i = 0; i < w->nr_cpus; i++) {
		pvsim_cede_latency_gov_init(&c->cpu[i].gov);
		c->cpu[i].st = CEDE_BUSY;
		if (w->kind == PVSIM_CEDE_LATENCY_PINGPONG && (i & 1)) {
			cede_idle_enter(c, i);
			continue;
		}
		pvsim_at(&c->s, w->kind == PVSIM_CEDE_LATENCY_PINGPONG ?
			   cede_u(c, w->think_min_ns, w->think_max_ns) :
			   cede_u(c, w->work_min_ns, w->work_max_ns),
			   CEDE_EV_DONE, i, 0);
	}
	pvsim_loop_until(&c->s, PVSIM_NO_END_KIND, c->measured.end_ns,
			 cede_dispatch, cede_check, c);
	PVSIM_TAKE_OUTCOME(r, &c->s);
	pvsim_destroy(&c->s);
	free(c);
	return 0;
}

int pvsim_cede_latency_measure(const struct pvsim_cede_latency_platform *pl, uint64_t seed,
		   bool debug, struct pvsim_cede_latency_measure *m)
{
	struct pvs_idle_state states[2];
	struct pvs_idle_latency lat;
	struct pvsim_cede_latency_work w;
	struct pvsim_cede_latency_result r;
	unsigned int k;

	/* the measuring boot runs the kernel's rule (states do not matter:
	 * the selftest forces CEDE) and reads the firmware latency */
	if (pvsim_cede_latency_cede_state(pl, PVS_IDLE_KERNEL, 0, states, &lat, NULL))
		return -1;
	m->fw_latency_ns = lat.fw_latency_ns;
	m->events = m->failures = 0;
	memset(&m->fail, 0, sizeof(m->fail));
	for (k = 0; k < 2; k++) {
		memset(&r, 0, sizeof(r));
		r.lat_ns = k ? m->ipi_ns : m->timer_ns;
		r.cap = PVSIM_CEDE_LATENCY_SELFTEST_N;
		pvsim_cede_latency_selftest_work(&w, k,
						 PVSIM_CEDE_LATENCY_SELFTEST_N,
						 pl->param);
		/* seeds apart from the workloads' (iter_seed(seed, wl)) */
		if (pvsim_cede_latency_run(pl, states, &w,
			       pvsim_iter_seed(seed, 100 + k), debug, &r) ||
		    r.n != PVSIM_CEDE_LATENCY_SELFTEST_N)
			return -1;
		m->events += r.events;
		if (r.failures && !m->failures)
			m->fail = r.fail;
		m->failures += r.failures;
		if (pvs_lat_stats(r.lat_ns, r.n, k ? &m->ipi : &m->timer))
			return -1;
	}
	/* the thread's proposal: the IPI p99 is what the partition sees */
	m->compensation_ns = pvs_idle_compensation_ns(m->ipi.p99_ns,
						      m->fw_latency_ns);
	return 0;
}
