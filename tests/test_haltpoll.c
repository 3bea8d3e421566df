// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * haltpoll.h: the shared vectors, then property tests against two
 * independent references written here:
 *  - a literal 32-bit copy of the kernel's rules (kvm_vcpu_halt() with
 *    grow/shrink_halt_poll_ns(), and adjust_poll_limit()), compared
 *    wherever the kernel's window * grow does not wrap;
 *  - a 128-bit reimplementation that cannot overflow, compared for any
 *    64-bit input (this is what "saturate" must mean);
 * long random sequences, monotonicity, and the poll action exhaustively.
 */
#include "pvs_test.h"

#include <pvsched/haltpoll.h>

#define MAX64 UINT64_MAX

/* A value "near" interesting points, or anywhere, up to limit. */
static uint64_t rnd_near(uint64_t limit, uint64_t a, uint64_t b)
{
	uint64_t base, d;

	switch (pvs_test_rand_below(6)) {
	case 0:
		return 0;
	case 1:
		base = a;
		break;
	case 2:
		base = b;
		break;
	case 3:
		base = limit;
		break;
	default:
		return limit == MAX64 ? pvs_test_rand() :
					pvs_test_rand_below(limit + 1);
	}
	/* base - 4 ... base + 4, within 0 ... limit */
	d = pvs_test_rand_below(9);
	if (d < 4)
		return base >= 4 - d ? base - (4 - d) : 0;
	if (base > limit)
		return limit;
	return limit - base < d - 4 ? limit : base + (d - 4);
}

/* ---- reference 1: the kernel, literally, in 32 bits -------------------- */

struct kparams {
	unsigned int max; /* halt_poll_ns / guest_halt_poll_ns */
	unsigned int grow;
	unsigned int grow_start;
	unsigned int shrink;
	bool allow_shrink;
};

/* Branch letters: k none, g grow, s shrink, z "max == 0: window = 0". */
static void kern_grow(unsigned int *halt_poll_ns, const struct kparams *k)
{
	unsigned int val = *halt_poll_ns;

	if (!k->grow)
		return;
	val *= k->grow;
	if (val < k->grow_start)
		val = k->grow_start;
	*halt_poll_ns = val;
}

static void kern_shrink(unsigned int *halt_poll_ns, const struct kparams *k)
{
	unsigned int val = *halt_poll_ns;

	if (k->shrink == 0)
		val = 0;
	else
		val /= k->shrink;
	if (val < k->grow_start)
		val = 0;
	*halt_poll_ns = val;
}

static char kern_host_halt(unsigned int *halt_poll_ns, const struct kparams *k,
			   uint64_t halt_ns, bool valid_wakeup)
{
	unsigned int max_halt_poll_ns = k->max;

	if (*halt_poll_ns > max_halt_poll_ns)
		*halt_poll_ns = max_halt_poll_ns;
	/* ... poll, block ... */
	if (!valid_wakeup) {
		kern_shrink(halt_poll_ns, k);
		return 's';
	} else if (max_halt_poll_ns) {
		if (halt_ns <= *halt_poll_ns)
			;
		else if (*halt_poll_ns && halt_ns > max_halt_poll_ns) {
			kern_shrink(halt_poll_ns, k);
			return 's';
		} else if (*halt_poll_ns < max_halt_poll_ns &&
			   halt_ns < max_halt_poll_ns) {
			kern_grow(halt_poll_ns, k);
			return 'g';
		}
	} else {
		*halt_poll_ns = 0;
		return 'z';
	}
	return 'k';
}

static char kern_guest_adjust(uint64_t *poll_limit_ns, const struct kparams *k,
			      uint64_t block_ns)
{
	unsigned int val;

	if (block_ns > *poll_limit_ns && block_ns <= k->max) {
		val = (unsigned int)(*poll_limit_ns * k->grow);
		if (val < k->grow_start)
			val = k->grow_start;
		if (val > k->max)
			val = k->max;
		*poll_limit_ns = val;
		return 'g';
	} else if (block_ns > k->max && k->allow_shrink) {
		unsigned int shrink = k->shrink;

		val = (unsigned int)*poll_limit_ns;
		if (shrink == 0) {
			val = 0;
		} else {
			val /= shrink;
			if (val < k->grow_start)
				val = 0;
		}
		*poll_limit_ns = val;
		return 's';
	}
	return 'k';
}

/* The library's event for a kernel branch and the window it left. */
static int event_of(char branch, uint64_t window_after)
{
	switch (branch) {
	case 'g':
		return PVS_HALT_POLL_EV_GROW;
	case 's':
		return window_after ? PVS_HALT_POLL_EV_SHRINK
				    : PVS_HALT_POLL_EV_RESET;
	case 'z':
		return PVS_HALT_POLL_EV_RESET;
	default:
		return PVS_HALT_POLL_EV_KEEP;
	}
}

static struct pvs_halt_poll_params lib_params(enum pvs_halt_poll_flavour f,
					      const struct kparams *k)
{
	struct pvs_halt_poll_params p;

	p.flavour = f;
	p.max_ns = k->max;
	p.grow_start_ns = k->grow_start;
	p.grow = k->grow;
	p.shrink = k->shrink;
	p.allow_shrink = k->allow_shrink;
	return p;
}

/* ---- reference 2: no overflow possible (128-bit) ----------------------- */

typedef unsigned __int128 u128;

static uint64_t sat64(u128 v)
{
	return v > MAX64 ? MAX64 : (uint64_t)v;
}

static u128 ref_shrink(u128 w, const struct pvs_halt_poll_params *p)
{
	if (p->shrink == 0)
		return 0;
	w /= p->shrink;
	return w < p->grow_start_ns ? 0 : w;
}

static u128 ref_grow(u128 w, const struct pvs_halt_poll_params *p)
{
	w *= p->grow;
	return w < p->grow_start_ns ? p->grow_start_ns : w;
}

static int ref_step(const struct pvs_halt_poll_params *p, uint64_t *window,
		    uint64_t block, bool valid)
{
	u128 w = *window, max = p->max_ns;
	char b = 'k';

	if (p->flavour == PVS_HALT_POLL_KVM_HOST) {
		if (w > max)
			w = max;
		if (!valid) {
			w = ref_shrink(w, p);
			b = 's';
		} else if (max == 0) {
			w = 0;
			b = 'z';
		} else if (block <= w) {
			b = 'k';
		} else if (w != 0 && block > max) {
			w = ref_shrink(w, p);
			b = 's';
		} else if (w < max && block < max) {
			if (p->grow)
				w = ref_grow(w, p);
			b = 'g';
		}
	} else {
		if (block > w && block <= max) {
			w = ref_grow(w, p);
			if (w > max)
				w = max;
			b = 'g';
		} else if (block > max && p->allow_shrink) {
			w = ref_shrink(w, p);
			b = 's';
		}
	}
	*window = sat64(w);
	return event_of(b, *window);
}

/* ---- tests -------------------------------------------------------------- */

static void test_haltpoll_vectors(void **state)
{
	(void)state;
	pvs_test_run_vectors("haltpoll");
}

/* Random 32-bit kernel parameters, biased to the interesting corners. */
static struct kparams rnd_kparams(void)
{
	static const unsigned int maxes[] = { 0, 10000, 50000, 200000, 500000,
					      0x7fffffffu, 0xffffffffu };
	struct kparams k;

	k.max = pvs_test_rand_below(4) ? maxes[pvs_test_rand_below(7)] :
					 (unsigned int)pvs_test_rand();
	/* mostly small factors, so the kernel's product fits in 32 bits */
	if (pvs_test_rand_below(4))
		k.grow = (unsigned int)pvs_test_rand_below(5);
	else
		k.grow = (unsigned int)rnd_near(0xffffffffu, 2, 0x10000);
	k.grow_start = (unsigned int)rnd_near(0xffffffffu, 10000, 50000);
	if (pvs_test_rand_below(2))
		k.grow_start = (unsigned int)pvs_test_rand_below(k.max / 2 + 2);
	k.shrink = (unsigned int)rnd_near(0xffffffffu, 0, 2);
	k.allow_shrink = pvs_test_rand_below(4) != 0;
	return k;
}

/* The product the kernel would compute in 32 bits does not wrap. */
static bool kernel_grow_fits(uint64_t window, unsigned int grow)
{
	return (u128)window * grow <= 0xffffffffu;
}

/*
 * One halt through the kernel's copy of flavour f's rule; the host's
 * window is the kernel's 32-bit halt_poll_ns. Returns the branch letter.
 */
static char kern_step(enum pvs_halt_poll_flavour f, const struct kparams *k,
		      uint64_t *window, uint64_t halt_ns, bool valid)
{
	unsigned int w32 = (unsigned int)*window;
	char branch;

	if (f == PVS_HALT_POLL_GUEST)
		return kern_guest_adjust(window, k, halt_ns);
	branch = kern_host_halt(&w32, k, halt_ns, valid);
	*window = w32;
	return branch;
}

/*
 * Random 32-bit parameters and windows where the kernel's 32-bit product
 * does not wrap: the library equals the kernel's copy of flavour f, event
 * and window. The host clamps the window to max first, the guest does not.
 */
static void matches_kernel_u32(enum pvs_halt_poll_flavour f)
{
	bool host = f == PVS_HALT_POLL_KVM_HOST;
	unsigned int i, compared = 0;

	for (i = 0; i < 400000; i++) {
		struct kparams k = rnd_kparams();
		struct pvs_halt_poll_params p = lib_params(f, &k);
		uint64_t kw = (unsigned int)rnd_near(0xffffffffu, k.max,
						     k.grow_start);
		uint64_t block = rnd_near(MAX64, k.max, kw);
		bool valid = pvs_test_rand_below(8) != 0;
		uint64_t clamped = host && kw > k.max ? k.max : kw;
		struct pvs_halt_poll_state st;
		char branch;
		int ev;

		if (!kernel_grow_fits(clamped, k.grow))
			continue;
		st.window_ns = kw;
		assert_int_equal(pvs_halt_poll_window_ns(&p, &st), clamped);
		ev = pvs_halt_poll_step(&p, &st, block, valid);
		branch = kern_step(f, &k, &kw, block, valid);
		if (st.window_ns != kw || ev != event_of(branch, kw))
			fail_msg("%s max %u grow %u start %u shrink %u "
				 "allow %d valid %d block %llu: lib %llu "
				 "ev %d, kernel %llu branch %c",
				 pvs_halt_poll_flavour_name(f), k.max, k.grow,
				 k.grow_start, k.shrink, k.allow_shrink, valid,
				 (unsigned long long)block,
				 (unsigned long long)st.window_ns, ev,
				 (unsigned long long)kw, branch);
		compared++;
	}
	print_message("compared %u of 400000\n", compared);
	assert_true(compared > 200000);
}

static void test_host_matches_kernel_u32(void **state)
{
	(void)state;
	matches_kernel_u32(PVS_HALT_POLL_KVM_HOST);
}

static void test_guest_matches_kernel_u32(void **state)
{
	(void)state;
	matches_kernel_u32(PVS_HALT_POLL_GUEST);
}

/* The kernel copy really wraps: the case the library must not reproduce. */
static void test_kernel_copy_wraps(void **state)
{
	struct kparams k = { 0xffffffffu, 2, 10000, 2, true };
	struct pvs_halt_poll_params p = lib_params(PVS_HALT_POLL_KVM_HOST, &k);
	struct pvs_halt_poll_state st = { 0x80000000u };
	unsigned int kw = 0x80000000u;
	uint64_t gw = 0x80000000u;

	(void)state;
	assert_int_equal(kern_host_halt(&kw, &k, 0x90000000u, true), 'g');
	assert_int_equal(kw, 10000); /* wrapped to 0, raised to grow_start */
	assert_int_equal(pvs_halt_poll_step(&p, &st, 0x90000000u, true),
			 PVS_HALT_POLL_EV_GROW);
	assert_true(st.window_ns == 0x100000000ull);

	k.grow_start = 50000;
	assert_int_equal(kern_guest_adjust(&gw, &k, 0x90000000u), 'g');
	assert_true(gw == 50000);
	p = lib_params(PVS_HALT_POLL_GUEST, &k);
	st.window_ns = 0x80000000u;
	pvs_halt_poll_step(&p, &st, 0x90000000u, true);
	assert_true(st.window_ns == 0xffffffffu);
}

static struct pvs_halt_poll_params rnd_params64(void)
{
	struct pvs_halt_poll_params p;
	uint64_t top = pvs_test_rand_below(2) ?
		       MAX64 : (MAX64 >> pvs_test_rand_below(64));

	p.flavour = pvs_test_rand_below(2) ? PVS_HALT_POLL_KVM_HOST :
					      PVS_HALT_POLL_GUEST;
	p.max_ns = rnd_near(MAX64, top, 0xffffffffu);
	p.grow_start_ns = rnd_near(MAX64, 10000, p.max_ns / 2);
	p.grow = (uint32_t)rnd_near(0xffffffffu, 2, 0x80000000u);
	p.shrink = (uint32_t)rnd_near(0xffffffffu, 0, 2);
	p.allow_shrink = pvs_test_rand_below(4) != 0;
	return p;
}

/* Any 64-bit input: equal to the 128-bit reference saturated at 2^64 - 1. */
static void test_any_input_matches_wide_reference(void **state)
{
	unsigned int i, saturated = 0;

	(void)state;
	for (i = 0; i < 400000; i++) {
		struct pvs_halt_poll_params p = rnd_params64();
		uint64_t w = rnd_near(MAX64, p.max_ns, MAX64 / (p.grow | 1));
		uint64_t block = rnd_near(MAX64, p.max_ns, w);
		bool valid = pvs_test_rand_below(8) != 0;
		struct pvs_halt_poll_state st = { w };
		uint64_t rw = w;
		int ev = pvs_halt_poll_step(&p, &st, block, valid);
		int rev = ref_step(&p, &rw, block, valid);

		if (ev != rev || st.window_ns != rw)
			fail_msg("flavour %d max %llu start %llu grow %u "
				 "shrink %u w %llu block %llu: lib %llu/%d "
				 "ref %llu/%d",
				 p.flavour, (unsigned long long)p.max_ns,
				 (unsigned long long)p.grow_start_ns, p.grow,
				 p.shrink, (unsigned long long)w,
				 (unsigned long long)block,
				 (unsigned long long)st.window_ns, ev,
				 (unsigned long long)rw, rev);
		if (ev == PVS_HALT_POLL_EV_GROW && (u128)w * p.grow > MAX64)
			saturated++;
	}
	assert_true(saturated > 1000);
}

/* Saturation, directly: every overflowing product gives 2^64 - 1. */
static void test_mul_sat(void **state)
{
	unsigned int i, over = 0;

	(void)state;
	for (i = 0; i < 1000000; i++) {
		uint64_t a = pvs_test_rand() >> pvs_test_rand_below(64);
		uint32_t b = (uint32_t)(pvs_test_rand() >>
					 pvs_test_rand_below(33));
		u128 exact = (u128)a * b;

		assert_true(pvs_mul_sat_u64_u32_(a, b) == sat64(exact));
		over += exact > MAX64;
	}
	assert_true(over > 10000);
}

/*
 * Monotonicity where the kernel's 32-bit product breaks it: a grow never
 * gives a smaller window, and a larger factor never a smaller result.
 */
static void test_grow_monotonic(void **state)
{
	unsigned int i, grows = 0;

	(void)state;
	for (i = 0; i < 300000; i++) {
		struct pvs_halt_poll_params p = rnd_params64();
		uint64_t w, block;
		struct pvs_halt_poll_state a, b;
		int ea, eb;

		p.max_ns = MAX64 - pvs_test_rand_below(1000);
		w = pvs_test_rand() >> pvs_test_rand_below(64);
		if (w > p.max_ns - 2)
			w = p.max_ns - 2;
		block = w + 1 + pvs_test_rand_below(p.max_ns - w - 1);
		if (p.grow == 0 || p.grow == 0xffffffffu)
			p.grow = 2;
		a.window_ns = w;
		b.window_ns = w;
		ea = pvs_halt_poll_step(&p, &a, block, true);
		p.grow++;
		eb = pvs_halt_poll_step(&p, &b, block, true);
		assert_int_equal(ea, PVS_HALT_POLL_EV_GROW);
		assert_int_equal(eb, PVS_HALT_POLL_EV_GROW);
		assert_true(a.window_ns >= w);
		assert_true(b.window_ns >= a.window_ns);
		if ((u128)w * (p.grow - 1) > MAX64)
			assert_true(a.window_ns ==
				    (p.flavour == PVS_HALT_POLL_GUEST ? p.max_ns
								      : MAX64));
		grows++;
	}
	assert_int_equal(grows, 300000);
}

/* Long mixed workloads with every preset: step by step equal to the kernel. */
static void run_sequence(enum pvs_halt_poll_preset preset,
			 enum pvs_halt_poll_gen gen, unsigned int n,
			 unsigned int counts[PVS_HALT_POLL_NR_EVENTS])
{
	struct pvs_halt_poll_params p;
	struct pvs_halt_poll_state st = { 0 };
	struct kparams k;
	uint64_t kw = 0;
	unsigned int i;

	assert_int_equal(pvs_halt_poll_preset(preset, gen, &p), 0);
	k.max = (unsigned int)p.max_ns;
	k.grow = p.grow;
	k.grow_start = (unsigned int)p.grow_start_ns;
	k.shrink = p.shrink;
	k.allow_shrink = p.allow_shrink;
	for (i = 0; i < n; i++) {
		/* phases of short, mixed and long halts */
		uint64_t phase = (i / 500) % 3;
		uint64_t block;
		bool valid = pvs_test_rand_below(20) != 0;
		char branch;
		int ev;

		if (phase == 0)
			block = pvs_test_rand_below(p.max_ns);
		else if (phase == 1)
			block = pvs_test_rand_below(3 * p.max_ns);
		else
			block = p.max_ns + pvs_test_rand_below(1000000);
		ev = pvs_halt_poll_step(&p, &st, block, valid);
		assert_true(ev >= 0 && ev < PVS_HALT_POLL_NR_EVENTS);
		counts[ev]++;
		branch = kern_step(p.flavour, &k, &kw, block, valid);
		assert_true(st.window_ns == kw);
		if (p.flavour == PVS_HALT_POLL_GUEST)
			assert_true(st.window_ns <= p.max_ns);
		assert_int_equal(ev, event_of(branch, st.window_ns));
		/* every window is 0 or at least grow_start (max >= it here) */
		assert_true(st.window_ns == 0 ||
			    st.window_ns >= p.grow_start_ns);
		assert_true(pvs_halt_poll_window_ns(&p, &st) <= p.max_ns);
	}
}

static void test_long_sequences(void **state)
{
	static const enum pvs_halt_poll_preset host[] = {
		PVS_HALT_POLL_PRESET_X86, PVS_HALT_POLL_PRESET_ARM64,
		PVS_HALT_POLL_PRESET_S390, PVS_HALT_POLL_PRESET_POWERPC
	};
	unsigned int c[PVS_HALT_POLL_NR_EVENTS];
	unsigned int i, j;

	(void)state;
	for (i = 0; i < 4; i++) {
		for (j = 0; j < 2; j++) {
			enum pvs_halt_poll_gen gen =
				j ? PVS_HALT_POLL_GEN_OLD_RESET
				  : PVS_HALT_POLL_GEN_TODAY;

			memset(c, 0, sizeof(c));
			run_sequence(host[i], gen, 100000, c);
			assert_true(c[PVS_HALT_POLL_EV_KEEP] > 0);
			assert_true(c[PVS_HALT_POLL_EV_GROW] > 0);
			assert_true(c[PVS_HALT_POLL_EV_RESET] > 0);
			/* a shrink that leaves a window needs shrink != 0 and
			 * room above 2 * grow_start */
			if (gen == PVS_HALT_POLL_GEN_TODAY &&
			    host[i] != PVS_HALT_POLL_PRESET_POWERPC)
				assert_true(c[PVS_HALT_POLL_EV_SHRINK] > 0);
			else
				assert_int_equal(c[PVS_HALT_POLL_EV_SHRINK], 0);
		}
	}
	memset(c, 0, sizeof(c));
	run_sequence(PVS_HALT_POLL_PRESET_GUEST, PVS_HALT_POLL_GEN_TODAY,
		     100000, c);
	for (i = 0; i < PVS_HALT_POLL_NR_EVENTS; i++)
		assert_true(c[i] > 0);
}

static void test_names(void **state)
{
	(void)state;
	assert_string_equal(pvs_halt_poll_event_name(PVS_HALT_POLL_EV_KEEP),
			    "keep");
	assert_string_equal(pvs_halt_poll_event_name(PVS_HALT_POLL_EV_GROW),
			    "grow");
	assert_string_equal(pvs_halt_poll_event_name(PVS_HALT_POLL_EV_SHRINK),
			    "shrink");
	assert_string_equal(pvs_halt_poll_event_name(PVS_HALT_POLL_EV_RESET),
			    "reset");
	assert_string_equal(
		pvs_halt_poll_event_name((enum pvs_halt_poll_event)9),
		"unknown");
	assert_string_equal(pvs_poll_action_name(PVS_POLL_ACT_STOP_WAKEUP),
			    "stop-wakeup");
	assert_string_equal(pvs_poll_action_name(PVS_POLL_ACT_STOP_RUNNABLE),
			    "stop-runnable");
	assert_string_equal(pvs_poll_action_name(PVS_POLL_ACT_STOP_TIMEOUT),
			    "stop-timeout");
	assert_string_equal(pvs_poll_action_name(PVS_POLL_ACT_STOP_SIBLING),
			    "stop-sibling");
	assert_string_equal(pvs_poll_action_name(PVS_POLL_ACT_STOP_INVALID),
			    "stop-invalid");
	assert_string_equal(pvs_poll_action_name(PVS_POLL_ACT_SPIN), "spin");
	assert_string_equal(pvs_poll_action_name(PVS_POLL_ACT_SPIN_RELAX),
			    "spin-relax");
	assert_string_equal(pvs_poll_action_name((enum pvs_poll_action) - 1),
			    "unknown");
}

/*
 * Reference for one poll iteration, in the kernel loop's shape:
 * "if (kvm_vcpu_check_block() < 0) goto out; [cpu_relax();] } while
 * (single_task_running() && !need_resched() && ktime_before(cur, stop)
 * [&& is_core_idle(cpu)])".
 */
static enum pvs_poll_action ref_action(const struct pvs_poll_in *in)
{
	bool v1 = in->policy == PVS_POLL_STOP_SIBLING_BUSY;

	if (in->wakeup_pending)
		return PVS_POLL_ACT_STOP_WAKEUP;
	if (in->other_runnable)
		return PVS_POLL_ACT_STOP_RUNNABLE;
	if (!(in->now_ns < in->deadline_ns))
		return PVS_POLL_ACT_STOP_TIMEOUT;
	if (v1 && in->sibling_busy)
		return PVS_POLL_ACT_STOP_SIBLING;
	if (in->policy == PVS_POLL_RELAX)
		return PVS_POLL_ACT_SPIN_RELAX;
	return PVS_POLL_ACT_SPIN;
}

/* Every policy x time x (wakeup, runnable, sibling busy) combination. */
static void test_poll_action_exhaustive(void **state)
{
	static const enum pvs_poll_policy pols[] = {
		PVS_POLL_PLAIN, PVS_POLL_RELAX, PVS_POLL_STOP_SIBLING_BUSY
	};
	static const uint64_t nows[] = { 0, 999, 1000, 1001, MAX64 };
	unsigned int n;

	(void)state;
	for (n = 0; n < 3 * 5 * 8; n++) {
		struct pvs_poll_in in;
		enum pvs_poll_action a, plain;
		unsigned int m = n % 8;

		in.now_ns = nows[(n / 8) % 5];
		in.deadline_ns = 1000;
		in.wakeup_pending = m & 1;
		in.other_runnable = m & 2;
		in.sibling_busy = m & 4;
		in.policy = pols[n / 40];
		a = pvs_poll_action(&in);
		assert_int_equal(a, ref_action(&in));

		in.policy = PVS_POLL_PLAIN;
		plain = pvs_poll_action(&in);
		/* cpu_relax changes how to poll, never whether */
		if (pols[n / 40] == PVS_POLL_RELAX)
			assert_int_equal(pvs_poll_action_stops(a),
					 pvs_poll_action_stops(plain));
		/* v1 stops whenever the plain loop does, and more */
		if (pvs_poll_action_stops(plain))
			assert_true(pvs_poll_action_stops(a));
	}
}

/*
 * A poll loop driven by the library on a fake clock (one iteration = 50
 * ns): with the sibling busy from 3 us on, RELAX and PLAIN poll to the
 * wakeup at 120 us, the v1 policy stops at 3 us.
 */
static unsigned int fake_poll(enum pvs_poll_policy pol,
			      enum pvs_poll_action *why, unsigned int *relaxed)
{
	struct pvs_poll_in in;
	unsigned int it;

	in.deadline_ns = 200000;
	in.other_runnable = false;
	in.policy = pol;
	*relaxed = 0;
	for (it = 0; it < 10000; it++) {
		in.now_ns = (uint64_t)it * 50;
		in.wakeup_pending = in.now_ns >= 120000;
		in.sibling_busy = in.now_ns >= 3000;
		*why = pvs_poll_action(&in);
		if (pvs_poll_action_stops(*why))
			return it;
		*relaxed += *why == PVS_POLL_ACT_SPIN_RELAX;
	}
	return it;
}

static void test_poll_loop(void **state)
{
	enum pvs_poll_action why;
	unsigned int relaxed;

	(void)state;
	assert_int_equal(fake_poll(PVS_POLL_PLAIN, &why, &relaxed), 2400);
	assert_int_equal(why, PVS_POLL_ACT_STOP_WAKEUP);
	assert_int_equal(relaxed, 0);
	assert_int_equal(fake_poll(PVS_POLL_RELAX, &why, &relaxed), 2400);
	assert_int_equal(why, PVS_POLL_ACT_STOP_WAKEUP);
	assert_int_equal(relaxed, 2400);
	assert_int_equal(fake_poll(PVS_POLL_STOP_SIBLING_BUSY, &why, &relaxed),
			 60);
	assert_int_equal(why, PVS_POLL_ACT_STOP_SIBLING);
	assert_int_equal(relaxed, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_haltpoll_vectors),
		cmocka_unit_test(test_host_matches_kernel_u32),
		cmocka_unit_test(test_guest_matches_kernel_u32),
		cmocka_unit_test(test_kernel_copy_wraps),
		cmocka_unit_test(test_any_input_matches_wide_reference),
		cmocka_unit_test(test_mul_sat),
		cmocka_unit_test(test_grow_monotonic),
		cmocka_unit_test(test_long_sequences),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_poll_action_exhaustive),
		cmocka_unit_test(test_poll_loop),
	};

	return cmocka_run_group_tests_name("haltpoll", tests, NULL, NULL);
}
