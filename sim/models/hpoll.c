// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * kvm-haltpoll-relax's model: one SMT core. Hardware thread A runs the vCPU
 * thread of a latency-sensitive guest (and, now and then, host kernel work);
 * hardware thread B runs a dhry-like loop. The vCPU's host halts it the way
 * kvm_vcpu_halt() does: poll for the window pvs_halt_poll_window_ns() gives,
 * one pvs_poll_action() decision per poll-loop iteration, block when the loop
 * stops for any reason but a wake-up, and adapt the window with
 * pvs_halt_poll_step() after every halt.
 *
 * The sibling's dhry rate is integrated from the simulated time thread A
 * spends in each class (guest code, host paths, plain poll, PAUSE poll, idle,
 * host kernel work), each with the sibling speed calibrated to the published
 * dhry2reg scores; the dhry2reg index is 3172 times the work the sibling did
 * over its busy time.
 *
 * The poll loop is simulated at iteration granularity without an event
 * per iteration: its inputs only change at events, so after a "spin"
 * decision the next check is the first iteration boundary at or after the
 * deadline, and every input change (a wake-up, host work becoming
 * runnable, the sibling going busy or idle) moves the check to the first
 * boundary at or after it. With params.poll_iter_events set every
 * iteration is an event instead; the results are the same (a test checks
 * it), only the event count differs.
 */
#include <stdlib.h>
#include <string.h>

#include "scenarios/kvm_haltpoll_relax.h"
#include "engine/sim_int.h"

enum hp_ev {
	EV_ARRIVE,	/* a request reaches the guest */
	EV_VCPU,	/* the vCPU's current step ends (epoch-checked) */
	EV_KT,		/* host kernel work wants thread A */
	EV_KT_END,	/* it is done (epoch-checked) */
	EV_SIB,		/* the sibling goes busy or idle */
	EV_END
};

/* vCPU thread states; each but HALTED and WAIT has one pending EV_VCPU. */
enum hp_vs {
	VS_GUEST,	/* runs guest code; the event: work done */
	VS_EXIT,	/* guest idle + HLT exit; then kvm_vcpu_halt() */
	VS_POLL,	/* in the poll loop; the event: the next check */
	VS_SCHED_OUT,	/* schedule() to idle; then halted */
	VS_HALTED,	/* blocked, thread A idle or running host work */
	VS_WAKING,	/* kicked: IPI and C-state exit */
	VS_SCHED_IN,	/* schedule() back to the vCPU thread */
	VS_ENTRY,	/* back into guest code */
	VS_WAIT		/* runnable, host work holds thread A */
};

enum { RNG_ARRIVE, RNG_HOST, RNG_KT, RNG_SIB, RNG_NR };

#define HP_QCAP 256

struct hp {
	struct pvsim s;
	struct pvsim rng[RNG_NR];	/* one stream per source of chance */
	const struct pvsim_hp_params *p;
	struct pvsim_hp_result *r;
	struct pvs_halt_poll_state st;
	uint32_t speed[PVSIM_HP_C_NR];
	struct pvsim_window measured;
	uint64_t acct_ns;
	uint64_t short_gap_ns;
	uint32_t next_req;
	/* vCPU */
	uint8_t vs;
	uint8_t wake_kind;
	bool in_halt;		/* from the HLT exit to the halt's end */
	bool woken;		/* a wake-up's latency is pending */
	bool poll_relax;	/* this poll spins with cpu_relax() */
	uint32_t ep;
	uint64_t work_left, guest_since, wake_ns;
	uint64_t hs, win, deadline, iter_ns;
	uint64_t grid_ns;	/* this run of iterations of one kind began */
	uint64_t poll_ns;	/* this halt's time in the poll loop */
	int stop;		/* the action that ended its poll */
	/* host kernel work on thread A */
	bool kt_want, kt_running;
	uint32_t kt_ep;
	uint64_t kt_left, kt_end;
	/* sibling */
	bool sib_busy;
	uint64_t dbg_poll_sib_ns;	/* unclipped, for the invariant */
	uint64_t dbg_sib_on;
};

/* -log2(0.5 + i / 128), i = 0..64, in 32.32 fixed point. */
static const uint64_t neg_log2_q32[65] = {
	4294967296ull, 4198898271ull, 4104296005ull, 4011116384ull,
	3919317253ull, 3828858303ull, 3739700966ull, 3651808315ull,
	3565144972ull, 3479677024ull, 3395371941ull, 3312198504ull,
	3230126734ull, 3149127829ull, 3069174100ull, 2990238917ull,
	2912296657ull, 2835322648ull, 2759293130ull, 2684185204ull,
	2609976796ull, 2536646614ull, 2464174115ull, 2392539467ull,
	2321723519ull, 2251707768ull, 2182474333ull, 2114005923ull,
	2046285817ull, 1979297835ull, 1913026315ull, 1847456095ull,
	1782572486ull, 1718361258ull, 1654808619ull, 1591901195ull,
	1529626018ull, 1467970504ull, 1406922443ull, 1346469983ull,
	1286601614ull, 1227306156ull, 1168572750ull, 1110390838ull,
	1052750162ull, 995640744ull, 939052880ull, 882977131ull,
	827404309ull, 772325476ull, 717731924ull, 663615178ull,
	609966981ull, 556779290ull, 504044265ull, 451754267ull,
	399901847ull, 348479742ull, 297480870ull, 246898320ull,
	196725349ull, 146955378ull, 97581986ull, 48598900ull,
	0ull,
};

#define LN2_Q32 2977044472ull

uint64_t pvsim_hp_neg_ln_q32(uint64_t r)
{
	unsigned int z = 0, sh;
	uint64_t m, a, b, f, l2;

	if (!r)
		r = 1;
	/* leading zeros, by halves */
	for (sh = 32; sh; sh >>= 1) {
		if (!(r >> (64 - sh))) {
			r <<= sh;
			z += sh;
		}
	}
	m = r;				/* m / 2^64 in [0.5, 1) */
	a = neg_log2_q32[(m >> 57) & 63];
	b = neg_log2_q32[((m >> 57) & 63) + 1];
	f = (m >> 25) & 0xffffffffull;	/* position inside the segment */
	l2 = ((uint64_t)z << 32) + a - (((a - b) * f) >> 32);
	/* x ln 2, without overflowing: l2 < 2^39 */
	return ((l2 >> 7) * LN2_Q32) >> 25;
}

/* An exponential draw of mean mean_ns (mean_ns < 2^32). */
static uint64_t rand_exp(struct pvsim *g, uint64_t mean_ns)
{
	uint64_t x = pvsim_hp_neg_ln_q32(pvsim_rand(g));

	return mean_ns * (x >> 32) + ((mean_ns * (x & 0xffffffffull)) >> 32);
}

uint32_t pvsim_hp_relax_ppm(const struct pvsim_hp_params *p)
{
	uint64_t pause = p->pause_ns < p->relax_iter_ns ? p->pause_ns :
			 p->relax_iter_ns;

	if (!p->relax_iter_ns)
		return p->pause_ppm;
	return (uint32_t)((pause * p->pause_ppm +
			   (p->relax_iter_ns - pause) * p->plain_ppm) /
			  p->relax_iter_ns);
}

uint64_t pvsim_hp_dhry_centi(uint64_t work, uint64_t busy_ns)
{
	uint64_t q, rem, x;

	if (!busy_ns)
		return 0;
	/* 3172.00 x work / (1e6 x busy), rounded, in two steps */
	q = work / busy_ns;
	rem = work % busy_ns;
	x = q * PVSIM_HP_DHRY_ALONE_CENTI +
	    rem * PVSIM_HP_DHRY_ALONE_CENTI / busy_ns;
	return (x + PVSIM_HP_PPM_ONE / 2) / PVSIM_HP_PPM_ONE;
}

/* ---- accounting --------------------------------------------------------- */

static unsigned int cpu_class(const struct hp *k)
{
	if (k->kt_running)
		return PVSIM_HP_C_KTHREAD;
	switch (k->vs) {
	case VS_GUEST:
		return PVSIM_HP_C_GUEST;
	case VS_POLL:
		return k->poll_relax ? PVSIM_HP_C_POLL_RELAX :
				       PVSIM_HP_C_POLL_PLAIN;
	case VS_HALTED:
	case VS_WAKING:
	case VS_WAIT:
		return PVSIM_HP_C_IDLE;
	default:
		return PVSIM_HP_C_HOST;
	}
}

/* Bank the time since the last change: thread A's class, sibling work. */
static void acct(struct hp *k)
{
	uint64_t now = k->s.now_ns;
	uint64_t a = k->acct_ns > k->measured.begin_ns ? k->acct_ns :
		     k->measured.begin_ns;
	uint64_t b = now < k->measured.end_ns ? now : k->measured.end_ns;
	unsigned int c = cpu_class(k);
	bool poll = c == PVSIM_HP_C_POLL_PLAIN || c == PVSIM_HP_C_POLL_RELAX;

	if (poll && k->sib_busy)
		k->dbg_poll_sib_ns += now - k->acct_ns;
	k->acct_ns = now;
	if (b <= a)
		return;
	k->r->class_ns[c] += b - a;
	if (!k->sib_busy)
		return;
	k->r->sib_busy_ns += b - a;
	k->r->sib_work += (b - a) * k->speed[c];
	if (poll)
		k->r->poll_sib_busy_ns += b - a;
}

static void set_vs(struct hp *k, uint8_t vs)
{
	acct(k);
	k->vs = vs;
}

/* The vCPU's current step ends after delay_ns (cancels the previous). */
static void vcpu_after(struct hp *k, uint64_t delay_ns)
{
	k->ep++;
	pvsim_at(&k->s, k->s.now_ns + delay_ns, EV_VCPU, 0, k->ep);
}

/* ---- host kernel work on thread A --------------------------------------- */

static void kt_run(struct hp *k)
{
	acct(k);
	k->kt_running = true;
	k->kt_end = k->s.now_ns + k->kt_left;
	k->kt_left = 0;
	k->kt_ep++;
	pvsim_at(&k->s, k->kt_end, EV_KT_END, 0, k->kt_ep);
}

/* ---- the poll loop ------------------------------------------------------ */

/* First poll-iteration boundary at or after t. */
static uint64_t boundary(const struct hp *k, uint64_t t)
{
	uint64_t n;

	if (t <= k->grid_ns || !k->iter_ns)
		return k->grid_ns;
	n = (t - k->grid_ns + k->iter_ns - 1) / k->iter_ns;
	return k->grid_ns + n * k->iter_ns;
}

/* An input of the poll loop changed: check at the next boundary. */
static void poll_resched(struct hp *k)
{
	k->ep++;
	pvsim_at(&k->s, boundary(k, k->s.now_ns), EV_VCPU, 0, k->ep);
}

static void trace_halt(struct hp *k, int event)
{
	struct pvsim_hp_halt *h;

	if (!k->p->trace || k->r->trace_n >= k->p->trace_cap)
		return;
	h = &k->p->trace[k->r->trace_n++];
	h->start_ns = k->hs;
	h->window_ns = k->win;
	h->poll_ns = k->poll_ns;
	h->block_ns = k->s.now_ns - k->hs;
	h->after_ns = k->st.window_ns;
	h->stop = k->stop;
	h->event = event;
}

/* The halt is over (the kernel's `cur = ktime_get()`): adapt, re-enter. */
static void halt_end(struct hp *k)
{
	int ev = pvsim_halt_poll_step(k->p->hooks, &k->p->hp, &k->st,
				      k->s.now_ns - k->hs);

	k->in_halt = false;
	if (ev < 0 || ev >= PVS_HALT_POLL_NR_EVENTS)
		pvsim_fail(&k->s, "halt_poll_step failed");
	else if (pvsim_window_has(&k->measured, k->hs))
		k->r->steps[ev]++;
	trace_halt(k, ev);
	set_vs(k, VS_ENTRY);
	vcpu_after(k, k->p->entry_ns);
}

/*
 * A plug-in's poll_action may depend on the clock: ask it at the next
 * iterations (up to HP_SCAN_ITERS of them, without an event each) and
 * check again at the first one whose answer differs from @p a, at the
 * deadline's boundary, or at the end of the scan. Inputs that change at
 * events reschedule the check as for the library (poll_resched()).
 */
#define HP_SCAN_ITERS 64

static uint64_t hook_next_check(const struct hp *k, struct pvs_poll_in *in,
				enum pvs_poll_action a)
{
	uint64_t end = boundary(k, k->deadline), t = k->s.now_ns;
	unsigned int i;

	for (i = 0; i < HP_SCAN_ITERS && t < end; i++) {
		t += k->iter_ns;
		in->now_ns = t;
		if (pvsim_poll_action(k->p->hooks, in) != a)
			return t;
	}
	return t < end ? t : end;
}

/* One check of the poll loop, at an iteration boundary. */
static void poll_check(struct hp *k)
{
	struct pvs_poll_in in;
	enum pvs_poll_action a;
	uint64_t next;

	in.now_ns = k->s.now_ns;
	in.deadline_ns = k->deadline;
	in.wakeup_pending = k->woken;
	in.other_runnable = k->kt_want && !k->kt_running;
	in.sibling_busy = k->sib_busy;
	in.policy = k->p->poll;
	a = pvsim_poll_action(k->p->hooks, &in);
	if ((unsigned int)a >= PVS_POLL_ACTION_COUNT) {
		pvsim_fail(&k->s, "poll_action gave no enum pvs_poll_action");
		a = PVS_POLL_ACT_STOP_INVALID;
	}
	if (!pvs_poll_action_stops(a)) {
		if (k->vs != VS_POLL ||
		    k->poll_relax != (a == PVS_POLL_ACT_SPIN_RELAX)) {
			/* a new run of iterations (a hook may switch kinds) */
			acct(k);
			k->poll_relax = a == PVS_POLL_ACT_SPIN_RELAX;
			k->iter_ns = k->poll_relax ? k->p->relax_iter_ns :
				     k->p->plain_iter_ns;
			k->grid_ns = k->s.now_ns;
			set_vs(k, VS_POLL);
		}
		if (k->p->poll_iter_events)
			next = k->s.now_ns + k->iter_ns;
		else if (k->p->hooks && k->p->hooks->poll_action)
			next = hook_next_check(k, &in, a);
		else
			next = boundary(k, k->deadline);
		k->ep++;
		pvsim_at(&k->s, next, EV_VCPU, 0, k->ep);
		return;
	}
	if (pvsim_window_has(&k->measured, k->hs))
		k->r->stops[a]++;
	k->stop = (int)a;
	k->poll_ns = k->s.now_ns - k->hs;
	if (a == PVS_POLL_ACT_STOP_WAKEUP) {
		halt_end(k);
		return;
	}
	set_vs(k, VS_SCHED_OUT);
	vcpu_after(k, k->p->sched_out_ns);
}

/* kvm_vcpu_halt() starts: the window to poll, then the first check. */
static void halt_start(struct hp *k)
{
	k->hs = k->s.now_ns;
	k->win = pvsim_halt_poll_window_ns(k->p->hooks, &k->p->hp, &k->st);
	k->deadline = k->hs + k->win;
	k->iter_ns = 0;
	k->grid_ns = k->hs;
	if (pvsim_window_has(&k->measured, k->hs))
		k->r->halts++;
	poll_check(k);
}

/* ---- the guest ---------------------------------------------------------- */

/* Guest code resumes (VM entry done), unless host work wants the CPU. */
static void enter(struct hp *k)
{
	if (k->kt_want) {
		/* need_resched() before VM entry: schedule() first */
		set_vs(k, VS_WAIT);
		kt_run(k);
		return;
	}
	set_vs(k, VS_GUEST);
	k->guest_since = k->s.now_ns;
	if (k->woken) {
		if (pvsim_window_has(&k->measured, k->wake_ns)) {
			pvsim_hist_add(&k->r->lat, k->s.now_ns - k->wake_ns);
			k->r->wakes[k->wake_kind]++;
		}
		k->woken = false;
	}
	vcpu_after(k, k->work_left);
}

/* The guest's work may be done (the event is not moved by arrivals). */
static void guest_check(struct hp *k)
{
	uint64_t done = k->s.now_ns - k->guest_since;

	if (done < k->work_left) {
		k->work_left -= done;
		k->guest_since = k->s.now_ns;
		vcpu_after(k, k->work_left);
		return;
	}
	/* idle: the guest executes HLT */
	k->work_left = 0;
	set_vs(k, VS_EXIT);
	k->in_halt = true;
	k->woken = false;
	vcpu_after(k, k->p->exit_ns);
}

/* The first request since the HLT: wake the vCPU wherever it is. */
static void wake(struct hp *k)
{
	k->woken = true;
	k->wake_ns = k->s.now_ns;
	k->wake_kind = k->vs == VS_EXIT ? PVSIM_HP_W_EXIT :
		       k->vs == VS_POLL ? PVSIM_HP_W_POLL : PVSIM_HP_W_SLEPT;
	switch (k->vs) {
	case VS_POLL:
		poll_resched(k);
		break;
	case VS_HALTED:
		if (k->kt_running) {
			set_vs(k, VS_WAIT);	/* no C-state to leave */
		} else {
			uint64_t d = pvsim_rand_range(&k->rng[RNG_HOST],
						      k->p->cexit_min_ns,
						      k->p->cexit_max_ns);

			if (k->p->timer_jitter_ns)
				d += pvsim_rand_range(&k->rng[RNG_HOST], 0,
						      k->p->timer_jitter_ns);
			set_vs(k, VS_WAKING);
			vcpu_after(k, d);
		}
		break;
	default:
		break;	/* EXIT, SCHED_OUT: seen when the step ends */
	}
}

static void arrive(struct hp *k)
{
	const struct pvsim_hp_params *p = k->p;
	struct pvsim *g = &k->rng[RNG_ARRIVE];
	uint64_t work, gap;

	if (p->wl == PVSIM_HP_WL_SCRIPT) {
		work = p->script[k->next_req].work_ns;
		if (++k->next_req < p->script_n)
			pvsim_at(&k->s, p->script[k->next_req].at_ns >
				   k->s.now_ns ? p->script[k->next_req].at_ns :
				   k->s.now_ns, EV_ARRIVE, 0, 0);
	} else {
		work = pvsim_rand_range(g, p->work_min_ns, p->work_max_ns);
		gap = pvsim_rand_range(g, 0, 999) < p->long_gap_pm ?
		      p->long_gap_ns : k->short_gap_ns;
		pvsim_at(&k->s, k->s.now_ns + rand_exp(g, gap), EV_ARRIVE,
			   0, 0);
	}
	if (pvsim_window_has(&k->measured, k->s.now_ns))
		k->r->requests++;
	k->work_left += work;
	if (k->in_halt && !k->woken)
		wake(k);
}

/* ---- events ------------------------------------------------------------- */

static void vcpu_event(struct hp *k)
{
	switch (k->vs) {
	case VS_GUEST:
		guest_check(k);
		break;
	case VS_EXIT:
		halt_start(k);
		break;
	case VS_POLL:
		poll_check(k);
		break;
	case VS_SCHED_OUT:
		if (k->woken) {
			/* the wake-up came first: do not sleep */
			set_vs(k, VS_SCHED_IN);
			vcpu_after(k, k->p->sched_in_ns);
		} else {
			set_vs(k, VS_HALTED);
			if (k->kt_want)
				kt_run(k);
		}
		break;
	case VS_WAKING:
		set_vs(k, VS_SCHED_IN);
		vcpu_after(k, k->p->sched_in_ns);
		break;
	case VS_SCHED_IN:
		if (k->in_halt) {
			halt_end(k);
		} else {
			set_vs(k, VS_ENTRY);
			vcpu_after(k, k->p->entry_ns);
		}
		break;
	case VS_ENTRY:
		enter(k);
		break;
	default:
		pvsim_fail(&k->s, "vCPU event while it waits");
		break;
	}
}

static void kt_event(struct hp *k)
{
	const struct pvsim_hp_params *p = k->p;
	struct pvsim *g = &k->rng[RNG_KT];
	uint64_t d = pvsim_rand_range(g, p->kt_min_ns, p->kt_max_ns), ran;

	pvsim_at(&k->s, k->s.now_ns + rand_exp(g, p->kt_gap_ns), EV_KT, 0,
		   0);
	if (k->kt_running) {
		k->kt_end += d;
		k->kt_ep++;
		pvsim_at(&k->s, k->kt_end, EV_KT_END, 0, k->kt_ep);
		return;
	}
	k->kt_left += d;
	k->kt_want = true;
	switch (k->vs) {
	case VS_GUEST:
		/* preempted: bank the guest's work, run the kthread */
		ran = k->s.now_ns - k->guest_since;
		k->work_left -= ran < k->work_left ? ran : k->work_left;
		k->ep++;
		set_vs(k, VS_WAIT);
		kt_run(k);
		break;
	case VS_HALTED:
		kt_run(k);
		break;
	case VS_POLL:
		poll_resched(k);	/* other_runnable stops the poll */
		break;
	default:
		break;	/* host paths: at the next scheduling point */
	}
}

static void kt_end(struct hp *k)
{
	acct(k);
	k->kt_running = false;
	k->kt_want = false;
	if (k->vs == VS_WAIT) {
		set_vs(k, VS_SCHED_IN);
		vcpu_after(k, k->p->sched_in_ns);
	} else if (k->vs != VS_HALTED) {
		pvsim_fail(&k->s, "host work ran beside a running vCPU");
	}
}

static void sib_event(struct hp *k)
{
	struct pvsim *g = &k->rng[RNG_SIB];

	acct(k);
	k->sib_busy = !k->sib_busy;
	pvsim_at(&k->s, k->s.now_ns + 1 +
		   rand_exp(g, k->sib_busy ? k->p->sib_busy_ns :
			    k->p->sib_idle_ns), EV_SIB, 0, 0);
	if (k->vs != VS_POLL)
		return;
	if (k->sib_busy)
		k->dbg_sib_on++;
	poll_resched(k);
}

/* ---- invariants --------------------------------------------------------- */

static void check(void *model)
{
	struct hp *k = model;
	const struct pvsim_hp_params *p = k->p;
	const struct pvsim_hp_result *r = k->r;
	bool own_window = !p->hooks || (!p->hooks->halt_poll_window_ns &&
					!p->hooks->halt_poll_step);
	uint64_t sum = 0, end;
	unsigned int i;

	if (k->kt_running && k->vs != VS_WAIT && k->vs != VS_HALTED)
		pvsim_fail(&k->s, "host work runs beside the vCPU");
	if (k->vs == VS_WAIT && !k->kt_running)
		pvsim_fail(&k->s, "vCPU waits for nothing");
	if (k->vs == VS_GUEST && (k->in_halt || k->woken))
		pvsim_fail(&k->s, "guest runs inside a halt");
	if (k->woken && !k->in_halt && k->vs != VS_ENTRY &&
	    k->vs != VS_WAIT && k->vs != VS_SCHED_IN)
		pvsim_fail(&k->s, "wake-up lost after the halt");
	if (k->in_halt && !k->woken && k->vs != VS_EXIT &&
	    k->vs != VS_POLL && k->vs != VS_SCHED_OUT && k->vs != VS_HALTED)
		pvsim_fail(&k->s, "halt leaves without a wake-up");
	if (k->vs == VS_WAKING && (!k->woken || !k->in_halt))
		pvsim_fail(&k->s, "waking without a wake-up");
	if (k->vs == VS_POLL && k->s.now_ns > boundary(k, k->deadline))
		pvsim_fail(&k->s, "polls past its deadline");
	/* the library's window rule (a plug-in's window is its own) */
	if (own_window && k->vs == VS_POLL &&
	    (!p->hp.max_ns || k->s.now_ns < k->hs || k->win > p->hp.max_ns))
		pvsim_fail(&k->s, "polls outside its window");
	if (own_window && k->st.window_ns > 2 * p->hp.max_ns &&
	    k->st.window_ns > p->hp.grow_start_ns)
		pvsim_fail(&k->s, "window beyond a grow from the maximum");
	/* stop-if-busy never polls beside a busy sibling for long */
	if (p->poll == PVS_POLL_STOP_SIBLING_BUSY &&
	    k->dbg_poll_sib_ns > k->dbg_sib_on * p->plain_iter_ns)
		pvsim_fail(&k->s, "polled beside a busy sibling");
	for (i = 0; i < PVSIM_HP_C_NR; i++)
		sum += r->class_ns[i];
	end = k->acct_ns < k->measured.end_ns ? k->acct_ns : k->measured.end_ns;
	if (sum != (end > k->measured.begin_ns ? end - k->measured.begin_ns : 0))
		pvsim_fail(&k->s, "time accounting has holes");
	if (r->sib_busy_ns > sum ||
	    r->sib_work / PVSIM_HP_PPM_ONE > r->sib_busy_ns)
		pvsim_fail(&k->s, "sibling did more than it could");
}

/* ---- run ---------------------------------------------------------------- */

static int setup(void *model, uint64_t seed)
{
	struct hp *k = model;
	const struct pvsim_hp_params *p = k->p;
	uint64_t mean_work, gap, lng;
	unsigned int i;

	if (p->hp.flavour != PVS_HALT_POLL_KVM_HOST ||
	    (p->poll != PVS_POLL_PLAIN && p->poll != PVS_POLL_RELAX &&
	     p->poll != PVS_POLL_STOP_SIBLING_BUSY) ||
	    !p->plain_iter_ns || !p->relax_iter_ns || !p->runtime_ns ||
	    p->guest_ppm > PVSIM_HP_PPM_ONE || p->plain_ppm > PVSIM_HP_PPM_ONE ||
	    p->pause_ppm > PVSIM_HP_PPM_ONE ||
	    p->cexit_min_ns > p->cexit_max_ns ||
	    p->work_min_ns > p->work_max_ns || p->kt_min_ns > p->kt_max_ns ||
	    (p->sib_idle_ns && !p->sib_busy_ns) ||
	    p->warmup_ns + p->runtime_ns < p->runtime_ns ||
	    p->run_noise_pm >= 1000)
		return -1;
	if (p->wl == PVSIM_HP_WL_REDIS) {
		mean_work = (p->work_min_ns + p->work_max_ns) / 2;
		if (!p->load_pm || p->load_pm >= 1000 || !mean_work ||
		    p->long_gap_pm >= 1000 || p->long_gap_ns >> 32)
			return -1;
		gap = mean_work * 1000 / p->load_pm;
		lng = p->long_gap_ns * p->long_gap_pm / 1000;
		if (gap <= lng)
			return -1;
		k->short_gap_ns = (gap - lng) * 1000 / (1000 - p->long_gap_pm);
	} else if (p->wl == PVSIM_HP_WL_SCRIPT) {
		if (!p->script || !p->script_n)
			return -1;
	} else if (p->wl != PVSIM_HP_WL_IDLE && p->wl != PVSIM_HP_WL_SPIN) {
		return -1;
	}
	if ((p->kt_gap_ns | p->sib_busy_ns | p->sib_idle_ns) >> 32)
		return -1;
	for (i = 0; i < RNG_NR; i++)
		if (pvsim_init(&k->rng[i], 1, seed * 4 + i))
			return -1;
	k->speed[PVSIM_HP_C_GUEST] = p->guest_ppm;
	k->speed[PVSIM_HP_C_HOST] = p->plain_ppm;
	k->speed[PVSIM_HP_C_POLL_PLAIN] = p->plain_ppm;
	k->speed[PVSIM_HP_C_POLL_RELAX] = pvsim_hp_relax_ppm(p);
	k->speed[PVSIM_HP_C_IDLE] = PVSIM_HP_PPM_ONE;
	k->speed[PVSIM_HP_C_KTHREAD] = p->plain_ppm;
	k->measured = pvsim_window_of(p->warmup_ns, p->runtime_ns);
	k->sib_busy = true;
	if (p->wl == PVSIM_HP_WL_SPIN) {
		/* guest code for good: i++ or a PAUSE loop in the guest */
		k->vs = VS_GUEST;
		k->work_left = 1ull << 62;
		vcpu_after(k, k->work_left);
	} else {
		k->vs = VS_EXIT;	/* the guest starts idle */
		k->in_halt = true;
		vcpu_after(k, p->exit_ns);
	}
	if (p->wl == PVSIM_HP_WL_REDIS)
		pvsim_at(&k->s, rand_exp(&k->rng[RNG_ARRIVE],
					   k->short_gap_ns), EV_ARRIVE, 0, 0);
	else if (p->wl == PVSIM_HP_WL_SCRIPT)
		pvsim_at(&k->s, p->script[0].at_ns, EV_ARRIVE, 0, 0);
	if (p->kt_gap_ns && p->kt_max_ns)
		pvsim_at(&k->s, rand_exp(&k->rng[RNG_KT], p->kt_gap_ns),
			   EV_KT, 0, 0);
	if (p->sib_idle_ns)
		pvsim_at(&k->s, rand_exp(&k->rng[RNG_SIB], p->sib_busy_ns),
			   EV_SIB, 0, 0);
	pvsim_at(&k->s, k->measured.end_ns, EV_END, 0, 0);
	return 0;
}

static void dispatch(void *model, const struct pvsim_event *ev)
{
	struct hp *k = model;

	switch (ev->kind) {
	case EV_ARRIVE:
		arrive(k);
		break;
	case EV_VCPU:
		if (ev->epoch == k->ep)
			vcpu_event(k);
		break;
	case EV_KT:
		kt_event(k);
		break;
	case EV_KT_END:
		if (ev->epoch == k->kt_ep && k->kt_running)
			kt_end(k);
		break;
	case EV_SIB:
		sib_event(k);
		break;
	default:
		break;
	}
}

/* The run's last accounting, its dhry score (at this run's own speed
 * under run_noise_pm) and outcome. */
static void finish(void *model, uint64_t seed)
{
	struct hp *k = model;
	struct pvsim_hp_result *r = k->r;

	acct(k);
	r->dhry_centi = pvsim_hp_dhry_centi(r->sib_work, r->sib_busy_ns);
	if (k->p->run_noise_pm) {
		/* this run's own speed: a stream of (seed, policy) only */
		uint64_t z = pvsim_iter_seed(seed ^ 0x6a09e667f3bcc909ull,
					     k->p->run_noise_key);

		r->dhry_centi = r->dhry_centi *
				pvsim_spread_pm(z, k->p->run_noise_pm) / 1000;
	}
	PVSIM_TAKE_OUTCOME(r, &k->s);
}

static const struct pvsim_model hp_model = {
	HP_QCAP, EV_END, setup, dispatch, check, finish
};

int pvsim_hp_run(const struct pvsim_hp_params *p, uint64_t seed, bool debug,
	       struct pvsim_hp_result *r)
{
	struct hp *k;
	unsigned int i;
	int ret;

	memset(r, 0, sizeof(*r));
	pvsim_hist_clear(&r->lat);
	k = calloc(1, sizeof(*k));
	if (!k)
		return -1;
	k->p = p;
	k->r = r;
	ret = pvsim_run_model(&k->s, &hp_model, seed, debug, k);
	/* setup's streams, if it got that far (calloc'd: nothing to free) */
	for (i = 0; i < RNG_NR; i++)
		pvsim_destroy(&k->rng[i]);
	free(k);
	return ret;
}
