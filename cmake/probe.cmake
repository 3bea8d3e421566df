# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# pvsched_probe (pvsched::probe): the userspace readers of <pvsched/probe.h>
# (host/, headers in the second include root host/include/).
# libcpuid and hwloc are optional: PVS_WITH_LIBCPUID / PVS_WITH_HWLOC are
# AUTO (use when found), ON (required) or OFF (never); without them the
# readers fall back to raw CPUID and to sysfs.
find_package(PkgConfig QUIET)

# pvs_probe_dep(<VAR> <pkg-config module> <define>): sets PVS_PROBE_<VAR>_LIBS.
function(pvs_probe_dep var module define)
  set(mode "${PVS_WITH_${var}}")
  string(TOUPPER "${mode}" mode)
  if(NOT mode MATCHES "^(AUTO|ON|OFF)$")
    message(FATAL_ERROR "PVS_WITH_${var} must be AUTO, ON or OFF, not '${mode}'")
  endif()
  set(found FALSE)
  if(NOT mode STREQUAL "OFF" AND PKG_CONFIG_FOUND)
    pkg_check_modules(PVS_${var} QUIET ${module})
    if(PVS_${var}_FOUND)
      set(found TRUE)
    endif()
  endif()
  if(mode STREQUAL "ON" AND NOT found)
    message(FATAL_ERROR "PVS_WITH_${var}=ON but pkg-config module '${module}' was not found")
  endif()
  if(found)
    target_compile_definitions(pvsched_probe PRIVATE ${define})
    target_include_directories(pvsched_probe PRIVATE ${PVS_${var}_INCLUDE_DIRS})
    # By name, not by imported target, so the exported package stays
    # relocatable: consumers link -l<name> from their system paths.
    target_link_libraries(pvsched_probe PRIVATE ${PVS_${var}_LIBRARIES})
    target_link_directories(pvsched_probe PUBLIC
      $<BUILD_INTERFACE:${PVS_${var}_LIBRARY_DIRS}>)
    message(STATUS "pvsched_probe: using ${module} ${PVS_${var}_VERSION}")
  else()
    message(STATUS "pvsched_probe: ${module} not used (PVS_WITH_${var}=${mode}), fallback only")
  endif()
  set(PVS_PROBE_HAVE_${var} ${found} PARENT_SCOPE)
  set(PVS_${var}_LIBRARIES "${PVS_${var}_LIBRARIES}" PARENT_SCOPE)
endfunction()

file(STRINGS "${CMAKE_CURRENT_SOURCE_DIR}/probe-sources.txt" PVS_PROBE_SOURCES
     REGEX "^[^#]")
add_library(pvsched_probe STATIC ${PVS_PROBE_SOURCES})
add_library(pvsched::probe ALIAS pvsched_probe)
target_link_libraries(pvsched_probe PUBLIC pvsched)
# The userspace include root: <pvsched/probe.h> lives in host/include/.
target_include_directories(pvsched_probe PUBLIC
  $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/host/include>
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
target_compile_options(pvsched_probe PRIVATE ${PVS_WARNINGS})
set_target_properties(pvsched_probe PROPERTIES
  OUTPUT_NAME pvsched_probe
  POSITION_INDEPENDENT_CODE ON
  EXPORT_NAME probe)

# libcpuid is x86-only.
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|i[3-6]86)$")
  pvs_probe_dep(LIBCPUID libcpuid PVPROBE_HAVE_LIBCPUID)
else()
  set(PVS_PROBE_HAVE_LIBCPUID FALSE)
endif()
pvs_probe_dep(HWLOC hwloc PVPROBE_HAVE_HWLOC)
