// thrower.cc — see thrower.h: exceptions thrown through an operation, and inside one.
#include <mutex>
#include <stdexcept>
#include "thrower.h"

static std::mutex lock;
static int calls;

static void check(int v)
{
	if (v < 0)
		throw std::invalid_argument("negative");
}

extern "C" int thrower_call(int v)
{
	std::lock_guard<std::mutex> g(lock); // released by the unwinding
	int n = ++calls;
	if (v == 0) {
		try {
			throw 42;
		} catch (int) {
		}
	}
	check(v);
	return n;
}
