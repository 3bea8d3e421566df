// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * vcpu_is_preempted() (ppc-idle-hint): the shared vectors; the fast path over raw
 * lppaca bytes equal to the snapshot function on every state of an SMT4 and
 * an SMT8 core; both equal to an independent model of the two rules on
 * random cores (valid and invalid); decoders against the test's own byte
 * readers on random images. The read-order test is in preempt_reads.c.
 */
#include "pvs_test.h"

/* preempt_reads.c: the fast path reads only what the rule needs, in order. */
void test_preempt_read_order(void **state);

/* ---- an independent model of the rules -------------------------------- */

/* The hypervisor has not dispatched the thread. */
static bool model_off_cpu(const struct pvs_thread_state *t)
{
	return t->yield_count % 2 == 1;
}

/* Off its CPU because the OS asked (ceded or conferred), not taken. */
static bool model_ceded(const struct pvs_thread_state *t)
{
	return model_off_cpu(t) && t->idle != 0;
}

static bool model_valid(const struct pvs_core_state *cs, unsigned int target)
{
	long hv, policy;

	if (cs == NULL)
		return false;
	hv = (long)cs->hv;
	policy = (long)cs->policy;
	return hv >= 0 && hv < PVS_HV_COUNT && policy >= 0 &&
	       policy < PVS_PREEMPT_POLICY_COUNT && cs->smt >= 1 &&
	       cs->smt <= PVS_MAX_SMT && target < cs->smt &&
	       cs->caller_thread >= -1 && cs->caller_thread < (int)cs->smt;
}

/*
 * docs/upstream-rules.md, "vcpu_is_preempted on powerpc", stated as definitions rather than as steps.
 * Parity: shared, odd count, and not (PowerVM with the caller on the core).
 * Idle hint: shared, odd count, and either the OS did not ask to idle, or
 * (PowerVM, caller elsewhere) the first other thread of the core that did
 * not cede is off its CPU (which, not having ceded, means taken).
 */
static bool model_preempted(const struct pvs_core_state *cs,
			    unsigned int target)
{
	const struct pvs_thread_state *t = &cs->threads[target];
	bool powervm = cs->hv == PVS_HV_POWERVM;
	bool caller_on_core = cs->caller_thread >= 0;
	unsigned int j;

	if (cs->hv == PVS_HV_NONE)
		return false;
	if (cs->hv == PVS_HV_PREEMPT_FLAG)
		return t->preempted != 0;
	if (!cs->shared || !model_off_cpu(t))
		return false;
	if (cs->policy == PVS_PREEMPT_PARITY)
		return !(powervm && caller_on_core);
	if (t->idle == 0)
		return true;
	if (!powervm || caller_on_core)
		return false;
	for (j = 0; j < cs->smt; j++)
		if (j != target && !model_ceded(&cs->threads[j]))
			return model_off_cpu(&cs->threads[j]);
	return false;
}

/* ---- lppaca images ---------------------------------------------------- */

static uint8_t images[PVS_MAX_SMT][PVS_LPPACA_SIZE];

static void images_noise(void)
{
	pvs_test_rand_fill(images, sizeof(images));
}

/* Write the thread's idle byte and big-endian yield_count into its image. */
static void image_set(unsigned int i, const struct pvs_thread_state *t)
{
	uint8_t *img = images[i];

	img[0xfe] = t->idle;
	img[0x100] = (uint8_t)(t->yield_count >> 24);
	img[0x101] = (uint8_t)(t->yield_count >> 16);
	img[0x102] = (uint8_t)(t->yield_count >> 8);
	img[0x103] = (uint8_t)(t->yield_count);
}

static bool fast(const struct pvs_core_state *cs, unsigned int target)
{
	const void *p[PVS_MAX_SMT];
	unsigned int i;

	for (i = 0; i < PVS_MAX_SMT; i++)
		p[i] = images[i];
	return pvs_ppc64_is_preempted(p, cs->smt, target, cs->caller_thread,
				      cs->shared, cs->hv == PVS_HV_POWERVM,
				      cs->policy);
}

/*
 * The kernel-shaped fast path, with the core placed as core 2 of a CPU-
 * indexed pointer table (other cores' slots point at garbage images that
 * must never be read) and the deciding CPU on it or on core 0. Only for
 * power-of-two SMT widths, its precondition.
 */
static bool fast_kernel(const struct pvs_core_state *cs, unsigned int target)
{
	static uint8_t poison[PVS_LPPACA_SIZE];
	const void *p[3 * PVS_MAX_SMT];
	unsigned int i, first = 2 * cs->smt, me;

	for (i = 0; i < 3 * PVS_MAX_SMT; i++)
		p[i] = poison;
	memset(poison, 0xff, sizeof(poison));
	for (i = 0; i < cs->smt; i++)
		p[first + i] = images[i];
	me = cs->caller_thread == PVS_CALLER_OTHER_CORE ?
	     cs->smt - 1 : first + (unsigned int)cs->caller_thread;
	return pvs_ppc64_vcpu_is_preempted(p, first + target, me, cs->smt,
					   cs->shared,
					   cs->hv == PVS_HV_POWERVM,
					   cs->policy);
}

/* ---- tests ------------------------------------------------------------ */

static void test_preempt_vectors(void **state)
{
	(void)state;
	pvs_test_run_vectors("preempt");
}

/*
 * Every state of an smt-thread core (per thread: yield_count even/odd x
 * idle zero/non-zero), every target, caller on each thread or elsewhere,
 * both policies, PowerVM and KVM, shared and dedicated: fast path ==
 * snapshot == model. Counts and values vary with the state so that only
 * the parity bit and idle != 0 may matter.
 */
static void exhaustive(unsigned int smt)
{
	static const enum pvs_hv_kind hvs[] = { PVS_HV_POWERVM, PVS_HV_KVM_PPC };
	struct pvs_core_state cs;
	unsigned long states = 1ul << (2 * smt), s, checked = 0, preempted = 0;
	unsigned int i, h, sh, pol, target;
	int caller;

	images_noise();
	for (s = 0; s < states; s++) {
		for (i = 0; i < PVS_MAX_SMT; i++) {
			unsigned int bits = (unsigned int)(s >> (2 * i)) & 3;
			uint32_t hi = (uint32_t)(s * 2654435761u + i * 40503u);

			/* past smt: garbage that would say "preempted" */
			cs.threads[i].yield_count = i < smt ?
				(hi & ~1u) | (bits & 1) : 0xffffffffu;
			cs.threads[i].idle = i < smt && (bits & 2) ?
				(uint8_t)(1u << (s + i) % 8) : 0;
			cs.threads[i].preempted = (uint8_t)(hi >> 8);
			image_set(i, &cs.threads[i]);
		}
		cs.smt = smt;
		for (h = 0; h < 2; h++)
		for (sh = 0; sh < 2; sh++)
		for (pol = 0; pol < 2; pol++)
		for (caller = -1; caller < (int)smt; caller++)
		for (target = 0; target < smt; target++) {
			bool want, snap, quick, kern;

			cs.hv = hvs[h];
			cs.shared = sh;
			cs.policy = (enum pvs_preempt_policy)pol;
			cs.caller_thread = caller;
			want = model_preempted(&cs, target);
			snap = pvs_is_preempted(&cs, target);
			quick = fast(&cs, target);
			kern = fast_kernel(&cs, target);
			if (snap != want || quick != want || kern != want)
				fail_msg("smt%u state %#lx hv %d shared %u policy %u caller %d target %u: model %d snapshot %d fast %d kernel-shaped %d",
					 smt, s, (int)cs.hv, sh, pol, caller, target,
					 want, snap, quick, kern);
			checked++;
			preempted += want;
		}
	}
	/* every combination was visited, and both answers occur */
	assert_int_equal(checked, states * 2 * 2 * 2 * (smt + 1) * smt);
	assert_true(preempted > 0 && preempted < checked);
}

static void test_exhaustive_smt4(void **state)
{
	(void)state;
	exhaustive(4);
}

static void test_exhaustive_smt8(void **state)
{
	(void)state;
	exhaustive(8);
}

/* Small cores too: SMT1 and SMT2 have edge-of-core targets only. */
static void test_exhaustive_smt1_2(void **state)
{
	(void)state;
	exhaustive(1);
	exhaustive(2);
}

/* A random core: valid most of the time, sometimes each field out of range. */
static void random_core(struct pvs_core_state *cs, unsigned int *target)
{
	unsigned int i, smt = 1 + pvs_test_rand_below(PVS_MAX_SMT);

	for (i = 0; i < PVS_MAX_SMT; i++) {
		cs->threads[i].yield_count = (uint32_t)pvs_test_rand();
		cs->threads[i].idle = pvs_test_rand_below(2) ?
				      (uint8_t)pvs_test_rand() : 0;
		cs->threads[i].preempted = pvs_test_rand_below(2) ?
					   (uint8_t)pvs_test_rand() : 0;
	}
	cs->hv = (enum pvs_hv_kind)pvs_test_rand_below(PVS_HV_COUNT);
	cs->policy = (enum pvs_preempt_policy)pvs_test_rand_below(PVS_PREEMPT_POLICY_COUNT);
	cs->shared = pvs_test_rand_below(4) != 0;
	cs->smt = smt;
	cs->caller_thread = (int)pvs_test_rand_below(smt + 1) - 1;
	*target = pvs_test_rand_below(smt);
	switch (pvs_test_rand_below(16)) {
	case 0:
		cs->hv = (enum pvs_hv_kind)(PVS_HV_COUNT + pvs_test_rand_below(100));
		break;
	case 1:
		cs->policy = (enum pvs_preempt_policy)
			     (PVS_PREEMPT_POLICY_COUNT + pvs_test_rand_below(100));
		break;
	case 2:
		cs->smt = pvs_test_rand_below(2) ? 0 :
						  9 + pvs_test_rand_below(100);
		break;
	case 3:
		*target = smt + pvs_test_rand_below(100);
		break;
	case 4:
		cs->caller_thread = pvs_test_rand_below(2) ?
			(int)smt : -2 - (int)pvs_test_rand_below(100);
		break;
	default:
		break;
	}
}

static void test_property_model(void **state)
{
	struct pvs_core_state cs;
	unsigned int n, target, invalid = 0, yes = 0;

	(void)state;
	pvs_test_rand_seed(0x0123456789abcdefull);
	images_noise();
	for (n = 0; n < 400000; n++) {
		bool valid, want;
		int got;

		random_core(&cs, &target);
		valid = model_valid(&cs, target);
		got = pvs_is_preempted_checked(&cs, target);
		if (!valid) {
			invalid++;
			assert_int_equal(got, -PVS_EINVAL);
			assert_int_equal(pvs_preempt_explain(&cs, target),
					 -PVS_EINVAL);
			assert_false(pvs_is_preempted(&cs, target));
			continue;
		}
		want = model_preempted(&cs, target);
		yes += want;
		if (got != (want ? 1 : 0))
			fail_msg("case %u: hv %d policy %d smt %u caller %d target %u: model %d got %d",
				 n, (int)cs.hv, (int)cs.policy, cs.smt, cs.caller_thread,
				 target, want, got);
		assert_int_equal(pvs_is_preempted(&cs, target), want);
		if (cs.hv == PVS_HV_POWERVM || cs.hv == PVS_HV_KVM_PPC) {
			unsigned int i;

			for (i = 0; i < PVS_MAX_SMT; i++)
				image_set(i, &cs.threads[i]);
			assert_int_equal(fast(&cs, target), want);
		}
	}
	assert_true(invalid > 10000 && yes > 10000);
	assert_false(pvs_is_preempted(NULL, 0));
	assert_int_equal(pvs_is_preempted_checked(NULL, 0), -PVS_EINVAL);
}

/* Big-endian / little-endian readers of the test's own (not env.h's). */
static uint64_t rd_be(const uint8_t *p, unsigned int n)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		v = v * 256 + p[i];
	return v;
}

static uint64_t rd_le(const uint8_t *p, unsigned int n)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = n; i > 0; i--)
		v = v * 256 + p[i - 1];
	return v;
}

/*
 * One decoded field and where its raw bytes are, at the offsets of Linux's
 * layouts written here (not the library's PVS_*_OFF_* macros).
 */
struct raw_field {
	const char *name;
	size_t host;		/* offsetof() in the decoded struct */
	unsigned int size;	/* bytes, the same in both */
	unsigned int raw;	/* offset in the raw record */
};

#define RAW_FIELD(type, member, raw)                                          \
	{ #member, offsetof(type, member), sizeof(((type *)0)->member), raw }

/* Every listed field of the decoded dec equals its bytes in raw. */
static void assert_raw_fields(const void *dec, const uint8_t *raw, bool big,
			      const struct raw_field *f, size_t n)
{
	for (; n > 0; n--, f++) {
		const uint8_t *h = (const uint8_t *)dec + f->host;
		uint64_t want = big ? rd_be(raw + f->raw, f->size) :
				      rd_le(raw + f->raw, f->size);
		uint64_t got;
		uint32_t u32;
		uint16_t u16;

		switch (f->size) {
		case 1: got = *h; break;
		case 2: memcpy(&u16, h, 2); got = u16; break;
		case 4: memcpy(&u32, h, 4); got = u32; break;
		default: memcpy(&got, h, 8); break;
		}
		if (got != want)
			fail_msg("%s: %#llx, raw bytes say %#llx", f->name,
				 (unsigned long long)got,
				 (unsigned long long)want);
	}
}

#define LPPACA_RAW(member, raw) RAW_FIELD(struct pvs_lppaca, member, raw)

static const struct raw_field lppaca_raw[] = {
	LPPACA_RAW(old_status, 9),
	LPPACA_RAW(cede_latency_hint, 0xb0),
	LPPACA_RAW(dtl_enable_mask, 0xb8),
	LPPACA_RAW(donate_dedicated_cpu, 0xb9),
	LPPACA_RAW(idle, 0xfe),
	LPPACA_RAW(yield_count, 0x100),
	LPPACA_RAW(dispersion_count, 0x104),
	LPPACA_RAW(enqueue_dispatch_tb, 0x158),
	LPPACA_RAW(ready_enqueue_tb, 0x160),
	LPPACA_RAW(dtl_idx, 0x218),
};

#define DTL_RAW(member, raw) RAW_FIELD(struct pvs_dtl_entry, member, raw)

static const struct raw_field dtl_raw[] = {
	DTL_RAW(dispatch_reason, 0),
	DTL_RAW(preempt_reason, 1),
	DTL_RAW(processor_id, 2),
	DTL_RAW(enqueue_to_dispatch_tb, 4),
	DTL_RAW(ready_to_enqueue_tb, 8),
	DTL_RAW(waiting_to_ready_tb, 12),
	DTL_RAW(timebase, 16),
	DTL_RAW(fault_addr, 24),
	DTL_RAW(srr0, 32),
	DTL_RAW(srr1, 40),
};

#define ST_RAW(member, raw) RAW_FIELD(struct pvs_kvm_steal_time, member, raw)

static const struct raw_field steal_time_raw[] = {
	ST_RAW(steal_ns, 0),
	ST_RAW(version, 8),
	ST_RAW(flags, 12),
	ST_RAW(preempted, 16),
};

#define NR(tab) (sizeof(tab) / sizeof((tab)[0]))

/* A random image length: the whole record, but one time in short_1_in
 * a random shorter length. */
static size_t random_len(size_t size, unsigned int short_1_in)
{
	return pvs_test_rand_below(short_1_in) ? size :
						 pvs_test_rand_below(size);
}

/*
 * After a decode of raw into dec (canary-filled before): the result is
 * want; an error left dec untouched, a success carries every raw field.
 */
static void expect_decoded(int rc, int want, const void *dec, size_t size,
			   const uint8_t *raw, bool big,
			   const struct raw_field *f, size_t n)
{
	assert_int_equal(rc, want);
	if (rc)
		assert_true(pvs_vec_canary_ok(dec, size));
	else
		assert_raw_fields(dec, raw, big, f, n);
}

static void test_lppaca_random(void **state)
{
	uint8_t img[PVS_LPPACA_SIZE + 8];
	struct pvs_lppaca l;
	unsigned int n, good = 0;

	(void)state;
	pvs_test_rand_seed(0xfeedfacecafebeefull);
	for (n = 0; n < 20000; n++) {
		unsigned int off = pvs_test_rand_below(8), size;
		uint8_t *b = img + off;
		size_t len = PVS_LPPACA_SIZE;
		int want = 0, rc;

		pvs_test_rand_fill(img, sizeof(img));
		b[0] = 0xd3; b[1] = 0x97; b[2] = 0xd7; b[3] = 0x81;
		size = PVS_LPPACA_SIZE +
		       pvs_test_rand_below(65536 - PVS_LPPACA_SIZE);
		b[4] = (uint8_t)(size >> 8);
		b[5] = (uint8_t)size;
		switch (pvs_test_rand_below(8)) {
		case 0: b[pvs_test_rand_below(4)] ^=
				(uint8_t)(1 + pvs_test_rand_below(255));
			want = -PVS_EBADMSG; break;
		case 1: size = pvs_test_rand_below(PVS_LPPACA_SIZE);
			b[4] = (uint8_t)(size >> 8); b[5] = (uint8_t)size;
			want = -PVS_EBADMSG; break;
		case 2: len = pvs_test_rand_below(PVS_LPPACA_SIZE);
			want = -PVS_EBADMSG; break;
		default: break;
		}
		pvs_vec_canary(&l, sizeof(l));
		rc = pvs_lppaca_decode(b, len, &l);
		expect_decoded(rc, want, &l, sizeof(l), b, true, lppaca_raw,
			       NR(lppaca_raw));
		if (rc)
			continue;
		good++;
		assert_int_equal(l.desc, 0xd397d781u);
		assert_int_equal(l.size, size);
		assert_int_equal(l.shared, (b[9] >> 1) & 1);
		assert_int_equal(pvs_lppaca_steal_tb(&l),
				 rd_be(b + 0x158, 8) + rd_be(b + 0x160, 8));
	}
	assert_true(good > 10000);
}

static void test_dtl_random(void **state)
{
	uint8_t e[PVS_DTL_ENTRY_SIZE];
	struct pvs_dtl_entry d;
	unsigned int n;

	(void)state;
	pvs_test_rand_seed(0x1111222233334444ull);
	for (n = 0; n < 20000; n++) {
		size_t len = random_len(PVS_DTL_ENTRY_SIZE, 4);

		pvs_test_rand_fill(e, sizeof(e));
		pvs_vec_canary(&d, sizeof(d));
		expect_decoded(pvs_dtl_entry_decode(e, len, &d),
			       len < PVS_DTL_ENTRY_SIZE ? -PVS_EBADMSG : 0,
			       &d, sizeof(d), e, true, dtl_raw, NR(dtl_raw));
	}
}

static void test_steal_time_random(void **state)
{
	uint8_t st[PVS_KVM_STEAL_TIME_SIZE];
	struct pvs_kvm_steal_time d;
	unsigned int n, again = 0, good = 0;

	(void)state;
	pvs_test_rand_seed(0x5555666677778888ull);
	for (n = 0; n < 20000; n++) {
		size_t len = random_len(PVS_KVM_STEAL_TIME_SIZE, 8);
		int want = 0, rc;

		pvs_test_rand_fill(st, sizeof(st));
		if (len < PVS_KVM_STEAL_TIME_SIZE)
			want = -PVS_EBADMSG;
		else if (st[8] & 1)
			want = -PVS_EAGAIN;
		pvs_vec_canary(&d, sizeof(d));
		rc = pvs_kvm_steal_time_decode(st, len, &d);
		expect_decoded(rc, want, &d, sizeof(d), st, false,
			       steal_time_raw, NR(steal_time_raw));
		assert_int_equal(pvs_x86_is_preempted(st), st[16] != 0);
		again += rc == -PVS_EAGAIN;
		good += rc == 0;
	}
	assert_true(again > 1000 && good > 1000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_preempt_vectors),
		cmocka_unit_test(test_exhaustive_smt1_2),
		cmocka_unit_test(test_exhaustive_smt4),
		cmocka_unit_test(test_exhaustive_smt8),
		cmocka_unit_test(test_property_model),
		cmocka_unit_test(test_preempt_read_order),
		cmocka_unit_test(test_lppaca_random),
		cmocka_unit_test(test_dtl_random),
		cmocka_unit_test(test_steal_time_random),
	};

	return cmocka_run_group_tests_name("preempt", tests, NULL, NULL);
}
