// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/* env.h loaders, error strings and version: vectors plus framework-only checks. */
#include "pvs_test.h"

static void test_core_vectors(void **state)
{
	(void)state;
	pvs_test_run_vectors("core");
}

static void test_strerror_every_code(void **state)
{
	static const int codes[] = { PVS_ESRCH, PVS_ENOENT, PVS_EIO, PVS_EAGAIN,
				     PVS_ENOMEM, PVS_EINVAL, PVS_ERANGE,
				     PVS_EBADMSG, PVS_ENOTSUP, PVS_ETIMEDOUT };
	const char *unknown = pvs_strerror(-9999);
	size_t i, j;

	(void)state;
	assert_string_equal(unknown, "unknown error");
	assert_string_equal(pvs_strerror(0), "success");
	for (i = 0; i < sizeof(codes) / sizeof(codes[0]); i++) {
		const char *s = pvs_strerror(-codes[i]);

		assert_non_null(s);
		assert_true(strlen(s) > 0);
		assert_ptr_not_equal(s, unknown);
		assert_ptr_equal(s, pvs_strerror(codes[i]));
		for (j = 0; j < i; j++)
			assert_string_not_equal(s, pvs_strerror(-codes[j]));
	}
	assert_string_equal(pvs_strerror(-PVS_ESRCH), "no task to yield to");
}

static void test_errno_compatible(void **state)
{
	(void)state;
	/* Linux errno values, so kernel callers can pass them through. */
	assert_int_equal(PVS_EINVAL, 22);
	assert_int_equal(PVS_ESRCH, 3);
	assert_int_equal(PVS_ERANGE, 34);
	assert_int_equal(PVS_EAGAIN, 11);
	assert_int_equal(PVS_ENOTSUP, 95);
}

/*
 * Every core enum: each value below its count sentinel has its own name,
 * the sentinel itself and -1 read "unknown". Each enum pvs_x names its
 * values with pvs_x_name(). A new enum belongs here.
 */
#define NAMES_OK(type, count)                                                \
	do {                                                                 \
		unsigned int i_, j_;                                         \
		for (i_ = 0; i_ < (unsigned int)(count); i_++) {             \
			const char *s_ = type##_name((enum type)i_);         \
			assert_non_null(s_);                                 \
			assert_string_not_equal(s_, "unknown");              \
			for (j_ = 0; j_ < i_; j_++)                          \
				assert_string_not_equal(                     \
					s_, type##_name((enum type)j_));     \
		}                                                            \
		assert_string_equal(type##_name((enum type)(count)),         \
				    "unknown");                              \
		assert_string_equal(type##_name((enum type)-1), "unknown");  \
	} while (0)

static void test_enum_names(void **state)
{
	(void)state;
	NAMES_OK(pvs_hv_kind, PVS_HV_COUNT);
	NAMES_OK(pvs_admit_action, PVS_ADMIT_ACTION_COUNT);
	NAMES_OK(pvs_admit_reason, PVS_ADMIT_REASON_COUNT);
	NAMES_OK(pvs_preempt_policy, PVS_PREEMPT_POLICY_COUNT);
	NAMES_OK(pvs_preempt_why, PVS_PREEMPT_WHY_COUNT);
	NAMES_OK(pvs_halt_poll_flavour, PVS_HALT_POLL_FLAVOUR_COUNT);
	NAMES_OK(pvs_halt_poll_event, PVS_HALT_POLL_EVENT_COUNT);
	NAMES_OK(pvs_halt_poll_preset, PVS_HALT_POLL_PRESET_COUNT);
	NAMES_OK(pvs_halt_poll_gen, PVS_HALT_POLL_GEN_COUNT);
	NAMES_OK(pvs_poll_policy, PVS_POLL_POLICY_COUNT);
	NAMES_OK(pvs_poll_action, PVS_POLL_ACTION_COUNT);
	NAMES_OK(pvs_idle_cpu, PVS_IDLE_CPU_COUNT);
	NAMES_OK(pvs_idle_partition, PVS_IDLE_PARTITION_COUNT);
	NAMES_OK(pvs_idle_policy, PVS_IDLE_POLICY_COUNT);
	NAMES_OK(pvs_idle_source, PVS_IDLE_SOURCE_COUNT);
	NAMES_OK(pvs_pack_policy, PVS_PACK_POLICY_COUNT);
	NAMES_OK(pvs_asym_rule, PVS_ASYM_RULE_COUNT);
	NAMES_OK(pvs_sd_level, PVS_SD_NR_LEVELS);
	NAMES_OK(pvs_ple_vendor, PVS_PLE_VENDOR_COUNT);
	NAMES_OK(pvs_ple_event, PVS_PLE_EVENT_COUNT);
	NAMES_OK(pvs_spin_action, PVS_SPIN_ACTION_COUNT);
	NAMES_OK(pvs_spin_policy, PVS_SPIN_POLICY_COUNT);
	NAMES_OK(pvs_spin_owner, PVS_SPIN_OWNER_COUNT);
	NAMES_OK(pvs_spin_reason, PVS_SPIN_REASON_COUNT);
	NAMES_OK(pvs_yield_policy, PVS_YIELD_POLICY_COUNT);
	NAMES_OK(pvs_dy_stop, PVS_DY_STOP_COUNT);
}

static void test_version(void **state)
{
	char expect[32];

	(void)state;
	snprintf(expect, sizeof(expect), "%d.%d.%d", PVS_VERSION_MAJOR,
		 PVS_VERSION_MINOR, PVS_VERSION_PATCH);
	assert_string_equal(pvs_version_string(), expect);
	assert_string_equal(PVS_VERSION_STRING, expect);
	assert_int_equal(pvs_version_number(),
			 PVS_VERSION_MAJOR * 10000 + PVS_VERSION_MINOR * 100 +
				 PVS_VERSION_PATCH);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_core_vectors),
		cmocka_unit_test(test_strerror_every_code),
		cmocka_unit_test(test_errno_compatible),
		cmocka_unit_test(test_version),
		cmocka_unit_test(test_enum_names),
	};

	return cmocka_run_group_tests_name("core", tests, NULL, NULL);
}
