# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# Tests of the userspace probe (probe.h, the pvsched command): cmocka
# suites per reader, golden outputs over the fixture trees, and a live
# check of this machine that skips (exit 77) when it is not a KVM guest.
# The trees the probe reads, in one root in the build dir: links to the
# trees committed in tests/fixtures/ and the malformed copies (bad-*) that
# fixtures/malformed.sh writes before any test that reads them.
set(PVS_FIXTURES ${CMAKE_CURRENT_BINARY_DIR}/fixtures)
add_test(NAME probe_fixtures COMMAND sh
  ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/malformed.sh ${PVS_FIXTURES})
set_tests_properties(probe_fixtures PROPERTIES FIXTURES_SETUP probe_fixtures)

foreach(t probe_parse probe_read probe_x86 probe_decisions probe_live
    probe_cgroup)
  pvs_add_test(${t})
  target_link_libraries(test_${t} PRIVATE pvsched_probe)
  target_compile_definitions(test_${t} PRIVATE
    PVS_FIXTURES="${PVS_FIXTURES}"
    PVS_PVSCHED="$<TARGET_FILE:pvsched_cmd>")
endforeach()
set_tests_properties(probe_live PROPERTIES SKIP_RETURN_CODE 77)

# One golden test per fixture tree (tests/golden/<name>.{json,txt,err}):
# the committed trees (a tree without goldens fails), the malformed ones,
# named by their .err golden, and the good ones malformed.sh derives
# (cgroup-*, x86-nonutf8-model), named by their .txt golden.
file(GLOB _pvs_good LIST_DIRECTORIES true RELATIVE ${CMAKE_CURRENT_SOURCE_DIR}/fixtures
     ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/*)
file(GLOB _pvs_bad RELATIVE ${CMAKE_CURRENT_SOURCE_DIR}/golden
     ${CMAKE_CURRENT_SOURCE_DIR}/golden/bad-*.err)
string(REPLACE ".err" "" _pvs_bad "${_pvs_bad}")
file(GLOB _pvs_derived RELATIVE ${CMAKE_CURRENT_SOURCE_DIR}/golden
     ${CMAKE_CURRENT_SOURCE_DIR}/golden/*.txt)
string(REPLACE ".txt" "" _pvs_derived "${_pvs_derived}")
set(_pvs_trees ${_pvs_good} ${_pvs_bad} ${_pvs_derived})
list(REMOVE_DUPLICATES _pvs_trees)
set(_pvs_readers probe_read probe_decisions probe_cgroup pvsched_cli)
foreach(fx ${_pvs_trees})
  if(IS_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}/fixtures/${fx} OR
     NOT fx IN_LIST _pvs_good)
    add_test(NAME golden_${fx}
      COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/golden.sh $<TARGET_FILE:pvsched_cmd> ${fx})
    set_tests_properties(golden_${fx} PROPERTIES
      ENVIRONMENT "PVS_FIXTURES=${PVS_FIXTURES}")
    list(APPEND _pvs_readers golden_${fx})
  endif()
endforeach()

# The command line: usage errors exit 2, --help/--version 0.
add_test(NAME pvsched_cli COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/cli.sh
  $<TARGET_FILE:pvsched_cmd> ${PVS_FIXTURES})
set_tests_properties(${_pvs_readers} PROPERTIES FIXTURES_REQUIRED probe_fixtures)
# pvsched(1) names every command and option `pvsched --help` prints
# (tests/man_help.sh takes any page and program).
add_test(NAME man_pvsched COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/man_help.sh
  ${PROJECT_SOURCE_DIR}/man/pvsched.1 $<TARGET_FILE:pvsched_cmd>)

# Fuzz targets replayed over their seed corpus (fuzz/corpus/<target>/ and
# the fixture files fuzz/fixture-seeds.txt names) with a plain driver, so
# any compiler keeps every seed and past finding green; .ci/fuzz.sh runs
# the same targets under libFuzzer.
set(PVS_FUZZ_DIR ${PROJECT_SOURCE_DIR}/fuzz)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
  ${PVS_FUZZ_DIR}/fixture-seeds.txt)
file(STRINGS ${PVS_FUZZ_DIR}/fixture-seeds.txt _pvs_fixture_seeds
  REGEX "^fuzz_")
file(GLOB _pvs_fuzz_targets RELATIVE ${PVS_FUZZ_DIR} ${PVS_FUZZ_DIR}/fuzz_*.c)
foreach(src ${_pvs_fuzz_targets})
  string(REGEX REPLACE "\\.c$" "" t "${src}")
  add_executable(${t}_replay ${PVS_FUZZ_DIR}/${src} ${PVS_FUZZ_DIR}/standalone.c)
  target_link_libraries(${t}_replay PRIVATE pvsched_probe)
  target_compile_options(${t}_replay PRIVATE ${PVS_WARNINGS})
  file(GLOB _seeds ${PVS_FUZZ_DIR}/corpus/${t}/*)
  foreach(line ${_pvs_fixture_seeds})
    if(line MATCHES "^${t} +(.+)$")
      list(APPEND _seeds ${PROJECT_SOURCE_DIR}/${CMAKE_MATCH_1})
    endif()
  endforeach()
  add_test(NAME ${t}_seeds COMMAND ${t}_replay ${_seeds})
endforeach()

# Arbitrary bytes in every text field of the fixtures: the probe refuses
# the tree or prints strictly valid JSON (.ci/json.sh runs more rounds).
find_package(Python3 COMPONENTS Interpreter QUIET)
if(Python3_Interpreter_FOUND)
  add_test(NAME json_fuzz COMMAND ${Python3_EXECUTABLE}
    ${CMAKE_CURRENT_SOURCE_DIR}/json_fuzz.py $<TARGET_FILE:pvsched_cmd>
    ${CMAKE_CURRENT_SOURCE_DIR}/fixtures 60)
endif()
