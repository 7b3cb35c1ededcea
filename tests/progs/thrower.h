/* thrower.h — a C++ library whose operations throw exceptions (C linkage). */
#ifdef __cplusplus
extern "C" {
#endif
/* v < 0: throws std::invalid_argument out of the call; v == 0: throws and catches inside
 * the library; returns the number of calls so far (a counter under a mutex). */
int thrower_call(int v);
#ifdef __cplusplus
}
#endif
