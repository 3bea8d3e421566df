# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The lock library (lock.h): pvsched::lock (shared, libpvsched_lock.so) and
# pvsched::lock_static (libpvsched_lock.a), both on the spin runtime; and,
# on glibc, libpvsched-preload.so, which runs unmodified pthread programs
# on it (host/preload/README.md). Included after cmake/rt.cmake.
pvs_add_library(pvsched_lock COMPONENT lock
  SYMBOLS "pvs_mutex_*" "pvs_cond_*" "pvs_lock_*"
  SOURCES host/lock/common.c host/lock/mutex.c host/lock/cond.c
  INCLUDE_ROOT ${CMAKE_CURRENT_SOURCE_DIR}/host/include
  PUBLIC_LIBS Threads::Threads PRIVATE_LIBS pvsched_rt_static
  FIND_DEPENDENCIES Threads COMPONENT_DEPENDS rt
  PC_DESCRIPTION "libpvsched mutex and condition variable (lock.h) that spin while the owner runs and park otherwise"
  PC_REQUIRES_PRIVATE pvsched-rt PC_LIBS_PRIVATE -pthread)
# host/this_thread.h: the inline tid cache and rseq CPU read it shares
# with the spin runtime.
target_include_directories(pvsched_lock_objects PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/host)
install(FILES host/include/pvsched/lock.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/pvsched)

# ---- the drop-in: glibc only (it reads glibc's mutex and condvar words) ----
include(CheckCSourceCompiles)
check_c_source_compiles("
#include <pthread.h>
#ifndef __GLIBC__
#error not glibc
#endif
int main(void) { pthread_mutex_t m; return m.__data.__kind; }"
  PVS_HAVE_GLIBC_PTHREAD)
if(PVS_HAVE_GLIBC_PTHREAD)
  add_library(pvsched_preload SHARED host/preload/preload.c
    host/preload/mutex.c host/preload/cond.c host/preload/stats.c)
  target_link_libraries(pvsched_preload PRIVATE pvsched_lock_static pvsched_rt_static
    ${CMAKE_DL_LIBS})
  target_compile_options(pvsched_preload PRIVATE ${PVS_WARNINGS})
  target_link_options(pvsched_preload PRIVATE
    "LINKER:--version-script=${CMAKE_CURRENT_SOURCE_DIR}/host/preload/preload.map")
  set_target_properties(pvsched_preload PROPERTIES
    OUTPUT_NAME pvsched-preload
    LINK_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/host/preload/preload.map)
  # A preload module, not a library to link: a private directory.
  install(TARGETS pvsched_preload LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}/pvsched)
endif()
