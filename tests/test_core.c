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
	};

	return cmocka_run_group_tests_name("core", tests, NULL, NULL);
}
