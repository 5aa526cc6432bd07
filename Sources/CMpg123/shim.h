#include <mpg123.h>
#include <stdio.h>
#include <sys/types.h>

/* mpg123_param is variadic-free but takes a long and a double; keep one call site. */
static inline int prep_mpg123_flag(mpg123_handle *handle, long flag) {
  return mpg123_param(handle, MPG123_ADD_FLAGS, flag, 0.0);
}

/* libmpg123's own reader asks the kernel for a few dozen bytes at a time (about 630,000
   read calls for a 33 MB file, scan included); through a stdio stream with a 256 KiB
   buffer it is a few hundred. */
static ssize_t prep_mpg123_read(void *file, void *buffer, size_t bytes) {
  size_t got = fread(buffer, 1, bytes, (FILE *)file);
  return got == 0 && ferror((FILE *)file) ? -1 : (ssize_t)got;
}

static off_t prep_mpg123_seek(void *file, off_t offset, int whence) {
  return fseeko((FILE *)file, offset, whence) == 0 ? ftello((FILE *)file) : -1;
}

static void prep_mpg123_close(void *file) { fclose((FILE *)file); }

/* Opens `path` for `handle` through the buffered stream; the stream is closed by
   mpg123_close / mpg123_delete (also after a failed open). */
static inline int prep_mpg123_open_buffered(mpg123_handle *handle, const char *path) {
  if (mpg123_replace_reader_handle(handle, prep_mpg123_read, prep_mpg123_seek, prep_mpg123_close) != MPG123_OK)
    return MPG123_ERR;
  FILE *file = fopen(path, "rb");
  if (file == NULL) return MPG123_ERR;
  setvbuf(file, NULL, _IOFBF, 1 << 18);
  return mpg123_open_handle(handle, file);
}
