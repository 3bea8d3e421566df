# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# The lock library (lock.h): pvsched::lock (shared, libpvsched_lock.so) and
# pvsched::lock_static (libpvsched_lock.a), both on the spin runtime; and,
# on glibc, libpvsched-preload.so, which runs unmodified pthread programs
# on it (host/preload/README.md). Included after cmake/rt.cmake.
set(PVS_LOCK_SOURCES host/lock/common.c host/lock/mutex.c host/lock/cond.c)
set(PVS_LOCK_INCLUDE
  $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/host/include>
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)

add_library(pvsched_lock_static STATIC ${PVS_LOCK_SOURCES})
add_library(pvsched::lock_static ALIAS pvsched_lock_static)
target_link_libraries(pvsched_lock_static PUBLIC pvsched_rt Threads::Threads)
set_target_properties(pvsched_lock_static PROPERTIES
  OUTPUT_NAME pvsched_lock POSITION_INDEPENDENT_CODE ON
  EXPORT_NAME lock_static)

add_library(pvsched_lock SHARED ${PVS_LOCK_SOURCES})
add_library(pvsched::lock ALIAS pvsched_lock)
target_link_libraries(pvsched_lock PUBLIC Threads::Threads PRIVATE pvsched_rt)
target_link_options(pvsched_lock PRIVATE
  "LINKER:--version-script=${CMAKE_CURRENT_SOURCE_DIR}/host/lock/lock.map")
set_target_properties(pvsched_lock PROPERTIES
  VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR}
  LINK_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/host/lock/lock.map
  EXPORT_NAME lock)

foreach(_t pvsched_lock pvsched_lock_static)
  target_include_directories(${_t} PUBLIC ${PVS_LOCK_INCLUDE})
  target_compile_options(${_t} PRIVATE ${PVS_WARNINGS})
endforeach()
list(APPEND PVS_EXPORT_TARGETS pvsched_lock pvsched_lock_static)
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
  target_link_libraries(pvsched_preload PRIVATE pvsched_lock_static
    ${CMAKE_DL_LIBS})
  target_compile_options(pvsched_preload PRIVATE ${PVS_WARNINGS})
  target_link_options(pvsched_preload PRIVATE
    "LINKER:--version-script=${CMAKE_CURRENT_SOURCE_DIR}/host/preload/preload.map")
  set_target_properties(pvsched_preload PROPERTIES
    OUTPUT_NAME pvsched-preload
    LINK_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/host/preload/preload.map)
  install(TARGETS pvsched_preload LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
endif()
