#define _GNU_SOURCE
#include "CEntryKitProtocols.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

const struct wl_interface *ek_wl_compositor_interface(void) { return &wl_compositor_interface; }
const struct wl_interface *ek_wl_shm_interface(void) { return &wl_shm_interface; }
const struct wl_interface *ek_wl_output_interface(void) { return &wl_output_interface; }
const struct wl_interface *ek_wl_seat_interface(void) { return &wl_seat_interface; }
const struct wl_interface *ek_wl_region_interface(void) { return &wl_region_interface; }
const struct wl_interface *ek_zwlr_layer_shell_v1_interface(void) { return &zwlr_layer_shell_v1_interface; }
const struct wl_interface *ek_zwlr_virtual_pointer_manager_v1_interface(void) { return &zwlr_virtual_pointer_manager_v1_interface; }
const struct wl_interface *ek_wp_viewporter_interface(void) { return &wp_viewporter_interface; }
const struct wl_interface *ek_wp_fractional_scale_manager_v1_interface(void) { return &wp_fractional_scale_manager_v1_interface; }
const struct wl_interface *ek_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }

int ek_memfd_create(const char *name) {
    int fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd >= 0 || errno != ENOSYS)
        return fd;
    // Kernels without memfd: an unlinked file in the runtime directory.
    const char *dir = getenv("XDG_RUNTIME_DIR");
    if (dir == NULL) { errno = ENOENT; return -1; }
    char path[4096];
    snprintf(path, sizeof path, "%s/entrykit-shm-XXXXXX", dir);
    fd = mkostemp(path, O_CLOEXEC);
    if (fd >= 0) unlink(path);
    return fd;
}

int ek_display_protocol_error(struct wl_display *display, char *interface_name,
                              unsigned long size, uint32_t *object_id, uint32_t *code) {
    if (wl_display_get_error(display) != EPROTO)
        return 0;
    const struct wl_interface *interface = NULL;
    *code = wl_display_get_protocol_error(display, &interface, object_id);
    snprintf(interface_name, size, "%s", interface ? interface->name : "unknown");
    return 1;
}
const struct wl_interface *ek_zxdg_output_manager_v1_interface(void) { return &zxdg_output_manager_v1_interface; }

#include <sys/eventfd.h>
int ek_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }
