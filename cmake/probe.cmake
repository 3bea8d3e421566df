# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# pvsched_probe (pvsched::probe): the userspace readers of <pvsched/probe.h>
# (host/, headers in the second include root host/include/).
# libcpuid and hwloc are optional: PVS_WITH_LIBCPUID / PVS_WITH_HWLOC are
# AUTO (use when found), ON (required) or OFF (never); without them the
# readers fall back to raw CPUID and to sysfs.
find_package(PkgConfig QUIET)

# pvs_probe_dep(<VAR> <pkg-config module>): sets PVS_PROBE_HAVE_<VAR> and,
# when found, PVS_<VAR>_LIBRARIES / _INCLUDE_DIRS / _LIBRARY_DIRS.
function(pvs_probe_dep var module)
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
    message(STATUS "pvsched_probe: using ${module} ${PVS_${var}_VERSION}")
  else()
    message(STATUS "pvsched_probe: ${module} not used (PVS_WITH_${var}=${mode}), fallback only")
  endif()
  set(PVS_PROBE_HAVE_${var} ${found} PARENT_SCOPE)
  foreach(v LIBRARIES INCLUDE_DIRS LIBRARY_DIRS)
    set(PVS_${var}_${v} "${PVS_${var}_${v}}" PARENT_SCOPE)
  endforeach()
endfunction()

# libcpuid is x86-only.
set(PVS_PROBE_HAVE_LIBCPUID FALSE)
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|i[3-6]86)$")
  pvs_probe_dep(LIBCPUID libcpuid)
endif()
pvs_probe_dep(HWLOC hwloc)

set(_defs)
set(_libs)
set(_pcs)	# Libs.private, not Requires.private: a --static link of ours
		# must not need hwloc's own static dependencies (libudev ...)
foreach(d LIBCPUID:libcpuid HWLOC:hwloc)
  string(REPLACE ":" ";" d "${d}")
  list(GET d 0 var)
  list(GET d 1 module)
  if(PVS_PROBE_HAVE_${var})
    list(APPEND _defs PVPROBE_HAVE_${var})
    # By name, not by imported target, so the exported package stays
    # relocatable: consumers link -l<name> from their system paths.
    list(APPEND _libs ${PVS_${var}_LIBRARIES})
    foreach(l ${PVS_${var}_LIBRARIES})
      list(APPEND _pcs -l${l})
    endforeach()
  endif()
endforeach()

file(STRINGS "${CMAKE_CURRENT_SOURCE_DIR}/probe-sources.txt" PVS_PROBE_SOURCES
     REGEX "^[^#]")
pvs_add_library(pvsched_probe COMPONENT probe SYMBOLS "pvprobe_*"
  SOURCES ${PVS_PROBE_SOURCES}
  INCLUDE_ROOT ${CMAKE_CURRENT_SOURCE_DIR}/host/include
  PUBLIC_LIBS pvsched PRIVATE_LIBS ${_libs}
  COMPONENT_DEPENDS pvsched
  PC_DESCRIPTION "libpvsched userspace probing (probe.h): what this machine looks like to the heuristics"
  PC_REQUIRES pvsched PC_LIBS_PRIVATE ${_pcs})
target_compile_definitions(pvsched_probe_objects PRIVATE ${_defs})
foreach(var LIBCPUID HWLOC)
  if(PVS_PROBE_HAVE_${var})
    target_include_directories(pvsched_probe_objects PRIVATE ${PVS_${var}_INCLUDE_DIRS})
    foreach(t pvsched_probe pvsched_probe_static)
      target_link_directories(${t} PUBLIC $<BUILD_INTERFACE:${PVS_${var}_LIBRARY_DIRS}>)
    endforeach()
  endif()
endforeach()
