#include <opus.h>

/* opus_encoder_ctl is variadic, which Swift cannot call: one typed wrapper per request prep uses. */
static inline int prep_opus_set_bitrate(OpusEncoder *encoder, opus_int32 bitsPerSecond) {
  return opus_encoder_ctl(encoder, OPUS_SET_BITRATE(bitsPerSecond));
}
static inline int prep_opus_set_complexity(OpusEncoder *encoder, opus_int32 complexity) {
  return opus_encoder_ctl(encoder, OPUS_SET_COMPLEXITY(complexity));
}
static inline int prep_opus_set_vbr(OpusEncoder *encoder, opus_int32 on, opus_int32 constrained) {
  int error = opus_encoder_ctl(encoder, OPUS_SET_VBR(on));
  return error != OPUS_OK ? error : opus_encoder_ctl(encoder, OPUS_SET_VBR_CONSTRAINT(constrained));
}
static inline int prep_opus_set_lsb_depth(OpusEncoder *encoder, opus_int32 bits) {
  return opus_encoder_ctl(encoder, OPUS_SET_LSB_DEPTH(bits));
}
static inline int prep_opus_get_lookahead(OpusEncoder *encoder, opus_int32 *samples) {
  return opus_encoder_ctl(encoder, OPUS_GET_LOOKAHEAD(samples));
}
