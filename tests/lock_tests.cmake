# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The lock library (lock.h) and the preload (tests/preload/). Each stress
# test runs a wall-time budget (PVS_LOCK_STRESS_MS, 2 s by default), so
# the suite's time does not grow with the machine's load.
pvs_add_test(lock_mutex)
target_link_libraries(test_lock_mutex PRIVATE pvsched_lock_static)
target_include_directories(test_lock_mutex PRIVATE ${PROJECT_SOURCE_DIR}/host)
# The time-slice extension's protocol against a fake rseq area.
pvs_add_test(lock_slice)
target_link_libraries(test_lock_slice PRIVATE pvsched_lock_static)
target_include_directories(test_lock_slice PRIVATE ${PROJECT_SOURCE_DIR}/host)
pvs_add_test(lock_cond)
target_link_libraries(test_lock_cond PRIVATE pvsched_lock_static)
# The shared library links and runs too (the same suite, one short run).
add_executable(test_lock_cond_shared test_lock_cond.c)
target_link_libraries(test_lock_cond_shared PRIVATE pvsched_lock
  PkgConfig::CMOCKA)
target_compile_options(test_lock_cond_shared PRIVATE ${PVS_WARNINGS}
  -Wno-missing-prototypes)
add_test(NAME lock_cond_shared COMMAND test_lock_cond_shared)
set_tests_properties(lock_cond_shared PROPERTIES
  ENVIRONMENT PVS_LOCK_STRESS_MS=300)
# The same two suites on one CPU: the one-CPU rule's paths (skipped
# wakes, unmarked sleeps, heirs by rotation) under every stress test.
# (taskset on the first CPU of the mask the test starts with).
foreach(_suite mutex cond)
  add_test(NAME lock_${_suite}_one_cpu
    COMMAND sh -c "exec taskset -c \"$(taskset -pc $$ | sed 's/.*: //; s/[-,].*//')\" \"$0\""
      $<TARGET_FILE:test_lock_${_suite}>)
endforeach()
set_tests_properties(lock_mutex lock_cond lock_cond_shared lock_mutex_one_cpu
  lock_cond_one_cpu PROPERTIES TIMEOUT 120)
if(TARGET pvsched_oracle)
  # The mutex with the owner-on-CPU oracle (as root; else skipped).
  pvs_add_test(lock_oracle)
  target_link_libraries(test_lock_oracle PRIVATE pvsched_lock_static
    pvsched_oracle)
  set_tests_properties(lock_oracle PROPERTIES RUN_SERIAL ON TIMEOUT 60)
endif()
if(TARGET pvsched_preload)
  add_subdirectory(preload)
endif()
# Schedule perturbation: the lock's sources again, built so that every
# atomic step may yield, sleep or spin (seeded); 1000 seeds.
add_executable(test_lock_perturb test_lock_perturb.c
  ${PROJECT_SOURCE_DIR}/host/lock/common.c
  ${PROJECT_SOURCE_DIR}/host/lock/admit.c
  ${PROJECT_SOURCE_DIR}/host/lock/mutex.c
  ${PROJECT_SOURCE_DIR}/host/lock/cond.c)
target_compile_definitions(test_lock_perturb PRIVATE PVS_LOCK_PERTURB)
target_include_directories(test_lock_perturb PRIVATE
  ${PROJECT_SOURCE_DIR}/host/include ${PROJECT_SOURCE_DIR}/host)
target_link_libraries(test_lock_perturb PRIVATE pvsched_rt_static
  Threads::Threads)
target_compile_options(test_lock_perturb PRIVATE ${PVS_WARNINGS})
add_test(NAME lock_perturb COMMAND test_lock_perturb)
set_tests_properties(lock_perturb PROPERTIES TIMEOUT 600)
