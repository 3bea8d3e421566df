// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * Userspace spin runtime: the measured context, the lazily refreshed steal
 * view (with the cgroup's throttling, throttle.c, counted in) and the wait
 * loop around pvs_spin_decide() (host/include/pvsched/spin_rt.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <pvsched/errors.h>
#include <pvsched/oracle.h>
#include <pvsched/spin_rt.h>

#include "../arch/arch.h"
#include "../arch/this_thread.h"
#include "spin_rt_host.h"
#include "throttle.h"

static uint64_t clock_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static uint64_t mono_ns(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

int pvrt_spin_this_cpu(void)
{
	return this_thread_cpu();
}

uint32_t pvrt_spin_this_tid(void)
{
	return this_thread_tid();
}

/* ---- context-switch round trip: futex ping-pong ------------------------- */

struct pingpong {
	uint32_t turn;	/* 0: the pinger's turn, 1: the ponger's */
	unsigned int rounds;
};

static void futex_wait_u32(uint32_t *addr, uint32_t val)
{
	syscall(SYS_futex, addr, FUTEX_WAIT_PRIVATE, val, NULL, NULL, 0);
}

static void futex_wake_u32(uint32_t *addr)
{
	syscall(SYS_futex, addr, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

static void *ponger(void *arg)
{
	struct pingpong *pp = (struct pingpong *)arg;
	unsigned int i;

	for (i = 0; i < pp->rounds; i++) {
		while (__atomic_load_n(&pp->turn, __ATOMIC_ACQUIRE) != 1)
			futex_wait_u32(&pp->turn, 0);
		__atomic_store_n(&pp->turn, 0, __ATOMIC_RELEASE);
		futex_wake_u32(&pp->turn);
	}
	return NULL;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Median time for one thread to wake another and be woken back, ns. */
static uint64_t measure_ctxsw_ns(void)
{
	uint64_t t[PVRT_SPIN_CTXSW_ROUNDS], t0;
	struct pingpong pp;
	pthread_t th;
	unsigned int i;

	pp.turn = 0;
	pp.rounds = PVRT_SPIN_CTXSW_ROUNDS;
	if (pthread_create(&th, NULL, ponger, &pp) != 0)
		return 0;
	for (i = 0; i < PVRT_SPIN_CTXSW_ROUNDS; i++) {
		t0 = mono_ns();
		__atomic_store_n(&pp.turn, 1, __ATOMIC_RELEASE);
		futex_wake_u32(&pp.turn);
		while (__atomic_load_n(&pp.turn, __ATOMIC_ACQUIRE) != 0)
			futex_wait_u32(&pp.turn, 1);
		t[i] = mono_ns() - t0;
	}
	pthread_join(th, NULL);
	qsort(t, PVRT_SPIN_CTXSW_ROUNDS, sizeof(t[0]), cmp_u64);
	return t[PVRT_SPIN_CTXSW_ROUNDS / 2];
}

/* ---- steal view ---------------------------------------------------------- */

/* /proc/stat line of one CPU: turn the tick deltas into a rate. */
static void steal_update(void *arg, unsigned int cpu, uint64_t steal,
			 uint64_t total)
{
	struct pvrt_spin *s = (struct pvrt_spin *)arg;
	uint64_t ds, dt;

	if (cpu >= PVS_MAX_CPUS)
		return;
	ds = steal >= s->steal_prev[cpu] ? steal - s->steal_prev[cpu] : 0;
	dt = total >= s->total_prev[cpu] ? total - s->total_prev[cpu] : 0;
	s->steal_prev[cpu] = steal;
	s->total_prev[cpu] = total;
	if (cpu >= s->nr_steal_cpus)
		__atomic_store_n(&s->nr_steal_cpus, cpu + 1, __ATOMIC_RELAXED);
	if (dt == 0)
		return;	/* no tick since the last look: keep the old rate */
	if (ds > dt)
		ds = dt;
	__atomic_store_n(&s->steal_ppm[cpu],
			 (uint32_t)(ds * PVS_SPIN_FULL_PPM / dt),
			 __ATOMIC_RELAXED);
}

static int proc_stat_read(void *src_arg, pvrt_steal_fn fn, void *fn_arg)
{
	(void)src_arg;
	return pvrt_host_stat(fn, fn_arg);
}

static const struct pvrt_steal_source proc_stat_source = {
	proc_stat_read, NULL, "proc-stat"
};

const struct pvrt_steal_source *pvrt_steal_source_proc_stat(void)
{
	return &proc_stat_source;
}

/* ---- observed steal: gaps in a waiter's own spin -------------------------- */

/* CPUs the observed view covers. */
static uint32_t obs_nr_cpus(const struct pvrt_spin *s)
{
	return s->nr_online < PVS_MAX_CPUS ? s->nr_online : PVS_MAX_CPUS;
}

/* Turn the gap and spin time timed since the last refresh into a rate:
 * the share of spinning that was gaps (0 if nobody spun: no evidence). */
static void obs_refresh(struct pvrt_spin *s, uint64_t now)
{
	uint64_t g, dg, t, dt;
	uint32_t cpu, n = obs_nr_cpus(s);

	for (cpu = 0; cpu < n; cpu++) {
		g = __atomic_load_n(&s->obs_gap_ns[cpu], __ATOMIC_RELAXED);
		t = __atomic_load_n(&s->obs_spin_ns[cpu], __ATOMIC_RELAXED);
		dg = g - s->obs_prev_ns[cpu];
		dt = t - s->obs_prev_spin_ns[cpu];
		s->obs_prev_ns[cpu] = g;
		s->obs_prev_spin_ns[cpu] = t;
		if (dg > dt)
			dg = dt;	/* a round credited across a refresh */
		__atomic_store_n(&s->obs_ppm[cpu],
				 dt ? (uint32_t)(dg * PVS_SPIN_FULL_PPM / dt) : 0,
				 __ATOMIC_RELAXED);
	}
	s->obs_stamp_ns = now;
}

uint32_t pvrt_spin_observed_ppm(const struct pvrt_spin *s, int cpu)
{
	if (s == NULL || !s->observe_gaps || cpu < 0 ||
	    (uint32_t)cpu >= obs_nr_cpus(s))
		return 0;
	return __atomic_load_n(&s->obs_ppm[cpu], __ATOMIC_RELAXED);
}

/* The shortest gap that counts: see pvrt_spin::gap_min_ns. */
static uint64_t gap_min_ns(const struct pvrt_spin *s)
{
	uint32_t pause_ps = s->pause_ps ? s->pause_ps : PVS_SPIN_DEFAULT_PAUSE_PS;
	uint64_t g = (uint64_t)PVRT_SPIN_GAP_FACTOR * PVRT_SPIN_ORACLE_EVERY *
		     pause_ps / 1000u;
	uint64_t cs = s->ctxsw_ns ? s->ctxsw_ns : PVS_SPIN_DEFAULT_CTXSW_NS;

	return g > cs ? g : cs;
}

/* One sample of the counters from the context's source. */
static void steal_sample(struct pvrt_spin *s)
{
	const struct pvrt_steal_source *src =
		s->steal_src != NULL ? s->steal_src : &proc_stat_source;

	src->read(src->arg, steal_update, s);
}

int pvrt_spin_set_steal_source(struct pvrt_spin *s,
			       const struct pvrt_steal_source *src)
{
	if (s == NULL || (src != NULL && src->read == NULL))
		return -PVS_EINVAL;
	s->steal_src = src;
	memset(s->steal_ppm, 0, sizeof(s->steal_ppm));
	memset(s->steal_prev, 0, sizeof(s->steal_prev));
	memset(s->total_prev, 0, sizeof(s->total_prev));
	s->nr_steal_cpus = 0;
	steal_sample(s);	/* rates start at 0: "since this sample" */
	s->steal_stamp_ns = mono_ns();
	memset(s->obs_ppm, 0, sizeof(s->obs_ppm));
	memcpy(s->obs_prev_ns, s->obs_gap_ns, sizeof(s->obs_prev_ns));
	memcpy(s->obs_prev_spin_ns, s->obs_spin_ns,
	       sizeof(s->obs_prev_spin_ns));
	s->obs_stamp_ns = s->steal_stamp_ns;
	return 0;
}

/* Refresh the views when the steal view is older than its period; one
 * caller at a time (the others read the previous values). */
static void views_refresh(struct pvrt_spin *s)
{
	uint64_t now = mono_ns(),
		 stamp = __atomic_load_n(&s->steal_stamp_ns, __ATOMIC_RELAXED);

	if (now - stamp < s->steal_period_ns ||
	    __atomic_exchange_n(&s->steal_busy, 1, __ATOMIC_ACQUIRE))
		return;
	/* We won the refresh. */
	if (mono_ns() - __atomic_load_n(&s->steal_stamp_ns,
					__ATOMIC_RELAXED) >= s->steal_period_ns) {
		steal_sample(s);
		now = mono_ns();
		if (s->observe_gaps)
			obs_refresh(s, now);
		pvrt_throttle_refresh(s, now);
		__atomic_store_n(&s->steal_stamp_ns, now, __ATOMIC_RELAXED);
	}
	__atomic_store_n(&s->steal_busy, 0, __ATOMIC_RELEASE);
}

uint32_t pvrt_spin_throttled_ppm(struct pvrt_spin *s)
{
	if (s == NULL || s->throttle_src == NULL)
		return 0;
	views_refresh(s);
	return __atomic_load_n(&s->throttled_ppm, __ATOMIC_RELAXED);
}

/* Time taken by either of two independent takers, ppm. */
static uint32_t either_ppm(uint32_t a, uint32_t b)
{
	return (uint32_t)(a + b - (uint64_t)a * b / PVS_SPIN_FULL_PPM);
}

uint32_t pvrt_spin_steal_ppm(struct pvrt_spin *s, int cpu)
{
	uint32_t src_ppm = 0, obs, thr;
	bool throttled;

	if (s == NULL || cpu < 0)
		return 0;
	/* Throttling reaches every CPU the process may run on. */
	throttled = s->throttle_src != NULL &&
		    (uint32_t)cpu < obs_nr_cpus(s);
	if ((uint32_t)cpu >= __atomic_load_n(&s->nr_steal_cpus,
					     __ATOMIC_RELAXED) &&
	    (!s->observe_gaps || (uint32_t)cpu >= obs_nr_cpus(s)) &&
	    !throttled)
		return 0;
	views_refresh(s);
	if ((uint32_t)cpu < __atomic_load_n(&s->nr_steal_cpus, __ATOMIC_RELAXED))
		src_ppm = __atomic_load_n(&s->steal_ppm[cpu], __ATOMIC_RELAXED);
	obs = pvrt_spin_observed_ppm(s, cpu);
	if (obs > src_ppm)
		src_ppm = obs;
	thr = throttled ? __atomic_load_n(&s->throttled_ppm, __ATOMIC_RELAXED) :
			  0;
	return either_ppm(src_ppm, thr);
}

/* ---- init ------------------------------------------------------------------ */

int pvrt_spin_init(struct pvrt_spin *s, enum pvs_spin_policy policy)
{
	cpu_set_t set;
	uint32_t eff;
	long n;

	if (s == NULL || (unsigned int)policy > (unsigned int)PVS_SPIN_POLICY_PV)
		return -PVS_EINVAL;
	memset(s, 0, sizeof(*s));
	s->policy = policy;
	s->steal_period_ns = PVRT_SPIN_STEAL_PERIOD_NS;
	if (pvrt_host_pause_ps(&s->pause_ps) < 0)
		s->pause_ps = 0;
	s->ctxsw_ns = measure_ctxsw_ns();
	n = sysconf(_SC_NPROCESSORS_ONLN);
	s->nr_online = n > 0 ? (uint32_t)n : 1;
	if (sched_getaffinity(0, sizeof(set), &set) == 0)
		s->nr_allowed = (uint32_t)CPU_COUNT(&set);
	if (s->nr_allowed == 0 || s->nr_allowed > s->nr_online)
		s->nr_allowed = s->nr_online;
	/* A CPU quota leaves fewer CPUs than the mask names. */
	eff = pvrt_host_effective_cpus(&s->quota_mcpus);
	if (eff > 0 && eff < s->nr_allowed)
		s->nr_allowed = eff;
	s->rseq_slice = pvrt_host_rseq_slice();
	s->observe_gaps = PVRT_SPIN_OBSERVE_DEFAULT;
	s->gap_min_ns = gap_min_ns(s);
	/* First sample: rates start at 0 and mean "since this sample". */
	steal_sample(s);
	s->steal_stamp_ns = mono_ns();
	s->obs_stamp_ns = s->steal_stamp_ns;
	s->oracle = pvrt_oracle_default();
	pvrt_throttle_init(s);
	return 0;
}

static struct pvrt_spin pvrt_spin_process_ctx;
static pthread_once_t pvrt_spin_process_once = PTHREAD_ONCE_INIT;

static void pvrt_spin_process_init(void)
{
	pvrt_spin_init(&pvrt_spin_process_ctx, PVS_SPIN_POLICY_PV);
}

struct pvrt_spin *pvrt_spin_default(void)
{
	pthread_once(&pvrt_spin_process_once, pvrt_spin_process_init);
	return &pvrt_spin_process_ctx;
}

/* ---- the wait loop ------------------------------------------------------- */

static bool past_deadline(const struct timespec *deadline)
{
	struct timespec now;

	if (deadline == NULL)
		return false;
	clock_gettime(CLOCK_REALTIME, &now);
	return now.tv_sec > deadline->tv_sec ||
	       (now.tv_sec == deadline->tv_sec &&
		now.tv_nsec >= deadline->tv_nsec);
}

/* One wait: the lock's callbacks, its owner-tid word, the oracle. */
struct wait_ctx {
	const struct pvrt_spin_waiter *w;
	const uint32_t *owner_tid;
	const struct pvrt_oracle *oracle;
};

/* Our process id, for the "owner's CPU runs another process" test. */
static int64_t this_tgid(void)
{
	static int64_t tgid;

	if (__atomic_load_n(&tgid, __ATOMIC_RELAXED) == 0)
		__atomic_store_n(&tgid, (int64_t)getpid(), __ATOMIC_RELAXED);
	return __atomic_load_n(&tgid, __ATOMIC_RELAXED);
}

/* The CPU running thread @tid, or -1 (a bounded scan of the slots). */
static int oracle_find(const struct pvrt_oracle *o, uint32_t tid, int hint)
{
	uint32_t cpu, n = pvrt_oracle_nr_cpus(o);

	if (hint >= 0 && pvrt_oracle_is_running(o, tid, hint))
		return hint;
	for (cpu = 0; cpu < n && cpu < PVS_MAX_CPUS; cpu++)
		if (pvrt_oracle_is_running(o, tid, (int)cpu))
			return (int)cpu;
	return -1;
}

/*
 * The owner's state from the oracle: with its tid, owner_on_cpu() (is it
 * the thread on some CPU) and vcpu_is_preempted() of that CPU; with only
 * the CPU it recorded, "sleeping" when that CPU runs another process or
 * nothing, else unknown.
 */
static enum pvs_spin_owner oracle_owner(const struct wait_ctx *c,
					int owner_cpu)
{
	uint32_t tid;
	int cpu;

	if (c->oracle == NULL)
		return PVS_SPIN_OWNER_UNKNOWN;
	tid = c->owner_tid != NULL ?
		      __atomic_load_n(c->owner_tid, __ATOMIC_RELAXED) :
		      0;
	if (tid != 0) {
		cpu = oracle_find(c->oracle, tid, owner_cpu);
		if (cpu < 0)
			return PVS_SPIN_OWNER_SLEEPING;
		return pvrt_oracle_vcpu_preempted(c->oracle, cpu) == 1 ?
			       PVS_SPIN_OWNER_PREEMPTED :
			       PVS_SPIN_OWNER_RUNNING;
	}
	if (owner_cpu < 0)
		return PVS_SPIN_OWNER_UNKNOWN;
	if (pvrt_oracle_tgid_on(c->oracle, owner_cpu) != this_tgid())
		return PVS_SPIN_OWNER_SLEEPING;
	return pvrt_oracle_vcpu_preempted(c->oracle, owner_cpu) == 1 ?
		       PVS_SPIN_OWNER_PREEMPTED :
		       PVS_SPIN_OWNER_UNKNOWN;
}

static int owner_cpu_of(const struct pvrt_spin_waiter *w)
{
	return w->owner_cpu != NULL ? w->owner_cpu(w->arg) : -1;
}

static void fill_in(struct pvrt_spin *s, const struct wait_ctx *c,
		    uint64_t spun_ns, struct pvs_spin_in *in)
{
	const struct pvrt_spin_waiter *w = c->w;
	int me, owner;

	memset(in, 0, sizeof(*in));
	in->policy = s->policy;
	in->ctxsw_ns = s->ctxsw_ns;
	in->pause_ps = s->pause_ps;
	in->spun_ns = spun_ns;
	in->nr_cpus = s->nr_allowed;
	in->dedicated = s->dedicated;
	if (s->policy != PVS_SPIN_POLICY_PV)
		return;	/* FIXED reads none of the rest */
	in->arrival_ns = PVS_SPIN_ARRIVAL_NS;
	me = pvrt_spin_this_cpu();
	owner = owner_cpu_of(w);
	in->owner = oracle_owner(c, owner);
	/* The owner recorded our CPU: it cannot be running, we are. */
	if (in->owner == PVS_SPIN_OWNER_UNKNOWN && owner >= 0 && owner == me)
		in->owner = PVS_SPIN_OWNER_PREEMPTED;
	in->owner_steal_ppm = pvrt_spin_steal_ppm(s, owner);
	in->self_steal_ppm = pvrt_spin_steal_ppm(s, me);
	if (w->nr_spinning != NULL)
		in->nr_spinning = __atomic_load_n(w->nr_spinning,
						  __ATOMIC_RELAXED);
}

/* The oracle says the owner stopped running: end the spin round. */
static bool owner_left(const struct wait_ctx *c)
{
	enum pvs_spin_owner o = oracle_owner(c, owner_cpu_of(c->w));

	return o == PVS_SPIN_OWNER_SLEEPING || o == PVS_SPIN_OWNER_PREEMPTED;
}

/* Gap clock of one spin round (pvrt_spin::observe_gaps). */
struct gap_clock {
	uint64_t start_ns;	/* 0: not observing */
	uint64_t last_ns;
	uint64_t gap_ns;	/* gap time seen in this round */
};

static void gap_start(const struct pvrt_spin *s, struct gap_clock *g)
{
	g->start_ns = s->observe_gaps ? mono_ns() : 0;
	g->last_ns = g->start_ns;
	g->gap_ns = 0;
}

/* One check: an interval longer than gap_min_ns was a deschedule. */
static void gap_check(const struct pvrt_spin *s, struct gap_clock *g)
{
	uint64_t now;

	if (g->start_ns == 0)
		return;
	now = mono_ns();
	if (now - g->last_ns > s->gap_min_ns)
		g->gap_ns += now - g->last_ns;
	g->last_ns = now;
}

/* Credit the round's spin time and gaps to the CPU we run on now (where
 * we resumed: the guest may have moved us). */
static void gap_end(struct pvrt_spin *s, struct gap_clock *g)
{
	int cpu;

	if (g->start_ns == 0)
		return;
	gap_check(s, g);
	cpu = pvrt_spin_this_cpu();
	if (cpu < 0 || cpu >= PVS_MAX_CPUS)
		return;
	__atomic_fetch_add(&s->obs_spin_ns[cpu], g->last_ns - g->start_ns,
			   __ATOMIC_RELAXED);
	if (g->gap_ns != 0)
		__atomic_fetch_add(&s->obs_gap_ns[cpu], g->gap_ns,
				   __ATOMIC_RELAXED);
}

/* The most PAUSEs between two polls: PVRT_SPIN_POLL_GAP_MAX_NS, at least 1. */
static uint64_t poll_gap_max(const struct pvrt_spin *s)
{
	uint32_t pause_ps = s->pause_ps ? s->pause_ps : PVS_SPIN_DEFAULT_PAUSE_PS;
	uint64_t n = (uint64_t)PVRT_SPIN_POLL_GAP_MAX_NS * 1000u / pause_ps;

	return n ? n : 1;
}

/* Poll ready() within up to @pauses PAUSEs; true if it said so. The polls
 * come at once, then after 1, 2, 4, ... PAUSEs, the gap doubling up to
 * poll_gap_max() (PVRT_SPIN_POLL_GAP_MAX_NS). With an oracle, also stop
 * (false) when the owner leaves its CPU. Every PVRT_SPIN_ORACLE_EVERY
 * PAUSEs, time the interval (observed steal). */

static bool spin_round(struct pvrt_spin *s, const struct wait_ctx *c,
		       uint64_t pauses)
{
	const struct pvrt_spin_waiter *w = c->w;
	struct gap_clock g;
	uint64_t i, next_poll = 0, poll_gap = 1, gap_max = poll_gap_max(s);
	bool done = false;

	if (w->nr_spinning != NULL)
		__atomic_fetch_add(w->nr_spinning, 1, __ATOMIC_RELAXED);
	gap_start(s, &g);
	for (i = 0; i < pauses; i++) {
		if (i == next_poll) {
			if (w->ready(w->arg)) {
				done = true;
				break;
			}
			next_poll = i + poll_gap;
			if (poll_gap * 2 <= gap_max)
				poll_gap *= 2;
		}
		if (i % PVRT_SPIN_ORACLE_EVERY == 0 && i != 0) {
			gap_check(s, &g);
			if (c->oracle != NULL && owner_left(c))
				break;
		}
		PVARCH_RELAX();
	}
	gap_end(s, &g);
	if (w->nr_spinning != NULL)
		__atomic_fetch_sub(w->nr_spinning, 1, __ATOMIC_RELAXED);
	return done;
}

int pvrt_spin_wait(struct pvrt_spin *s, const struct pvrt_spin_waiter *w,
		  const struct timespec *deadline,
		  struct pvrt_spin_wait_stats *st)
{
	return pvrt_spin_wait_for(s, w, NULL, deadline, st);
}

int pvrt_spin_wait_for(struct pvrt_spin *s, const struct pvrt_spin_waiter *w,
		       const uint32_t *owner_tid,
		       const struct timespec *deadline,
		       struct pvrt_spin_wait_stats *st)
{
	struct pvrt_spin_wait_stats loc;
	struct wait_ctx c;
	struct pvs_spin_in in;
	struct pvs_spin_out out;
	uint64_t spun = 0, t0;
	int ret;

	if (w == NULL || w->ready == NULL || w->park == NULL)
		return -PVS_EINVAL;
	if (s == NULL)
		s = pvrt_spin_default();
	c.w = w;
	c.owner_tid = owner_tid;
	c.oracle = s->policy == PVS_SPIN_POLICY_PV ? s->oracle : NULL;
	memset(&loc, 0, sizeof(loc));
	memset(&out, 0, sizeof(out));
	for (;;) {
		if (w->ready(w->arg)) {
			ret = 0;
			break;
		}
		if (past_deadline(deadline)) {
			ret = -PVS_ETIMEDOUT;
			break;
		}
		fill_in(s, &c, spun, &in);
		switch (pvs_spin_decide(&in, &out)) {
		case PVS_SPIN_SPIN:
			loc.spins++;
			t0 = mono_ns();
			ret = spin_round(s, &c, out.pauses);
			t0 = mono_ns() - t0;
			spun += t0;
			loc.spun_ns += t0;
			break;
		case PVS_SPIN_YIELD:
			loc.yields++;
			t0 = mono_ns();
			sched_yield();
			spun += mono_ns() - t0;
			ret = 0;
			break;
		case PVS_SPIN_PARK:
		default:
			loc.parks++;
			ret = w->park(w->arg, deadline);
			if (ret < 0)
				goto out;
			spun = 0;	/* woken: a fresh arrival */
			break;
		}
		loc.last_reason = out.reason;
		if (ret > 0) {
			ret = 0;
			break;
		}
	}
out:
	if (st != NULL)
		*st = loc;
	return ret;
}
