# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The userspace spin runtime (<pvsched/spin_rt.h>, in host/include/): Linux, libc and pthreads; not part
# of the kernel-safe core. Exported as pvsched::rt.
find_package(Threads REQUIRED)
add_library(pvsched_rt STATIC
  host/spin_rt.c
  host/spin_rt_host.c)
add_library(pvsched::rt ALIAS pvsched_rt)
target_link_libraries(pvsched_rt PUBLIC pvsched Threads::Threads
  PRIVATE pvsched_probe)
target_include_directories(pvsched_rt
  PUBLIC $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/host/include>
         $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
  PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/host)
target_compile_options(pvsched_rt PRIVATE ${PVS_WARNINGS})
set_target_properties(pvsched_rt PROPERTIES
  POSITION_INDEPENDENT_CODE ON
  EXPORT_NAME rt)
