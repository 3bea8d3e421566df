# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The userspace spin runtime (<pvsched/spin_rt.h>, in host/include/): Linux, libc and pthreads; not part
# of the kernel-safe core. Exported as pvsched::rt. It uses the probe's
# internal helpers, so it links the probe's static library (hidden inside
# libpvsched_rt.so).
find_package(Threads REQUIRED)
pvs_add_library(pvsched_rt COMPONENT rt SYMBOLS "pvrt_*"
  SOURCES host/spin_rt.c host/spin_rt_host.c host/oracle/view.c
  INCLUDE_ROOT ${CMAKE_CURRENT_SOURCE_DIR}/host/include
  PUBLIC_LIBS pvsched Threads::Threads PRIVATE_LIBS pvsched_probe_static
  FIND_DEPENDENCIES Threads COMPONENT_DEPENDS pvsched probe
  PC_DESCRIPTION "libpvsched userspace spin runtime (spin_rt.h): spin or park a lock waiter"
  PC_REQUIRES pvsched PC_REQUIRES_PRIVATE pvsched-probe PC_LIBS_PRIVATE -pthread)
target_include_directories(pvsched_rt_objects PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/host
  ${CMAKE_CURRENT_SOURCE_DIR}/host/oracle)
