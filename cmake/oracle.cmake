# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The owner-on-CPU oracle (host/include/pvsched/oracle.h).
#  - Its reader (host/oracle/view.c) is part of pvsched_rt: raw bpf()
#    syscalls and mmap, no dependency.
#  - Its loader (host/oracle/loader.c) is the library pvsched_oracle
#    (installed: pvsched::oracle, pkg-config pvsched-oracle): libbpf,
#    and the BPF program host/oracle/oracle.bpf.c compiled with
#    clang -target bpf against a vmlinux.h that bpftool generates here from
#    the build machine's BTF (CO-RE relocates it to the running kernel).
# PVS_WITH_ORACLE: ON (fail if a piece is missing), OFF, AUTO (default).
set(PVS_WITH_ORACLE "AUTO" CACHE STRING "Build the BPF owner-on-CPU oracle: ON, OFF or AUTO")
set(PVS_ORACLE_BTF "/sys/kernel/btf/vmlinux" CACHE FILEPATH
  "Kernel BTF that vmlinux.h is generated from")

# (view.c is listed in cmake/rt.cmake.)
install(FILES host/include/pvsched/oracle.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/pvsched)

set(PVS_HAVE_ORACLE OFF)
if(NOT PVS_WITH_ORACLE STREQUAL "OFF")
  find_program(PVS_BPF_CLANG NAMES clang clang-14)
  find_program(PVS_BPFTOOL NAMES bpftool PATHS /usr/sbin /sbin)
  find_package(PkgConfig QUIET)
  if(PKG_CONFIG_FOUND)
    pkg_check_modules(PVS_LIBBPF QUIET IMPORTED_TARGET libbpf)
  endif()
  set(_pvs_oracle_missing "")
  foreach(_v PVS_BPF_CLANG PVS_BPFTOOL)
    if(NOT ${_v})
      list(APPEND _pvs_oracle_missing ${_v})
    endif()
  endforeach()
  if(NOT PVS_LIBBPF_FOUND)
    list(APPEND _pvs_oracle_missing "libbpf (libbpf-dev)")
  endif()
  if(NOT EXISTS "${PVS_ORACLE_BTF}")
    list(APPEND _pvs_oracle_missing "${PVS_ORACLE_BTF}")
  endif()
  if(_pvs_oracle_missing)
    if(PVS_WITH_ORACLE STREQUAL "ON")
      message(FATAL_ERROR "PVS_WITH_ORACLE=ON but missing: ${_pvs_oracle_missing}")
    endif()
    message(STATUS "BPF oracle loader not built (missing: ${_pvs_oracle_missing})")
  else()
    set(PVS_HAVE_ORACLE ON)
  endif()
endif()

if(PVS_HAVE_ORACLE)
  if(CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64")
    set(PVS_BPF_ARCH x86)
  elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "aarch64|arm64")
    set(PVS_BPF_ARCH arm64)
  elseif(CMAKE_SYSTEM_PROCESSOR MATCHES "ppc64")
    set(PVS_BPF_ARCH powerpc)
  else()
    set(PVS_BPF_ARCH ${CMAKE_SYSTEM_PROCESSOR})
  endif()
  set(PVS_ORACLE_GEN ${CMAKE_CURRENT_BINARY_DIR}/oracle)
  file(MAKE_DIRECTORY ${PVS_ORACLE_GEN})
  add_custom_command(OUTPUT ${PVS_ORACLE_GEN}/vmlinux.h
    COMMAND ${PVS_BPFTOOL} btf dump file ${PVS_ORACLE_BTF} format c > ${PVS_ORACLE_GEN}/vmlinux.h
    COMMENT "vmlinux.h from ${PVS_ORACLE_BTF} (bpftool)" VERBATIM)
  # Other directories' BPF objects (tests/) order themselves after this.
  add_custom_target(pvs_vmlinux_h DEPENDS ${PVS_ORACLE_GEN}/vmlinux.h)
  # pvs_bpf_object(NAME SRC [DEFINES...]): ${PVS_ORACLE_GEN}/NAME.bpf.o and, from it,
  # the skeleton ${PVS_ORACLE_GEN}/NAME.skel.h.
  function(pvs_bpf_object name src)
    set(_defs "")
    foreach(_d ${ARGN})
      list(APPEND _defs -D${_d})
    endforeach()
    add_custom_command(OUTPUT ${PVS_ORACLE_GEN}/${name}.bpf.o
      COMMAND ${PVS_BPF_CLANG} -g -O2 -target bpf -D__TARGET_ARCH_${PVS_BPF_ARCH}
              ${_defs} -I${PVS_ORACLE_GEN} -I${PROJECT_SOURCE_DIR}/host/oracle
              -c ${src} -o ${PVS_ORACLE_GEN}/${name}.bpf.o
      DEPENDS ${src} ${PVS_ORACLE_GEN}/vmlinux.h ${PROJECT_SOURCE_DIR}/host/oracle/abi.h
      COMMENT "BPF ${name}" VERBATIM)
    add_custom_command(OUTPUT ${PVS_ORACLE_GEN}/${name}.skel.h
      COMMAND ${PVS_BPFTOOL} gen skeleton ${PVS_ORACLE_GEN}/${name}.bpf.o name ${name} > ${PVS_ORACLE_GEN}/${name}.skel.h
      DEPENDS ${PVS_ORACLE_GEN}/${name}.bpf.o
      COMMENT "BPF skeleton ${name}" VERBATIM)
  endfunction()
  set(_src ${PROJECT_SOURCE_DIR}/host/oracle/oracle.bpf.c)
  pvs_bpf_object(oracle_plain ${_src})
  pvs_bpf_object(oracle_steal ${_src} PVRT_ORACLE_STEAL)
  # The loader library: installed and exported like the others
  # (pvsched::oracle, pvsched::oracle_static, pvsched-oracle.pc). libbpf is
  # linked by name, as the probe links hwloc, so the exported package
  # stays relocatable.
  pvs_add_library(pvsched_oracle COMPONENT oracle
    SYMBOLS "pvrt_oracle_open" "pvrt_oracle_pin" "pvrt_oracle_unpin"
            "pvrt_oracle_prog_stats" "pvrt_oracle_stats_enable"
    SOURCES host/oracle/loader.c ${PVS_ORACLE_GEN}/oracle_plain.skel.h
            ${PVS_ORACLE_GEN}/oracle_steal.skel.h
    INCLUDE_ROOT ${PROJECT_SOURCE_DIR}/host/include
    PUBLIC_LIBS pvsched_rt PRIVATE_LIBS ${PVS_LIBBPF_LIBRARIES}
    COMPONENT_DEPENDS rt
    PC_DESCRIPTION "libpvsched owner-on-CPU oracle loader (oracle.h): attach or pin the BPF sched_switch signal"
    PC_REQUIRES pvsched-rt PC_REQUIRES_PRIVATE libbpf)
  target_include_directories(pvsched_oracle_objects PRIVATE ${PVS_ORACLE_GEN}
    ${PROJECT_SOURCE_DIR}/host/oracle ${PVS_LIBBPF_INCLUDE_DIRS})
  foreach(t pvsched_oracle pvsched_oracle_static)
    target_link_directories(${t} PUBLIC
      $<BUILD_INTERFACE:${PVS_LIBBPF_LIBRARY_DIRS}>)
  endforeach()
endif()
