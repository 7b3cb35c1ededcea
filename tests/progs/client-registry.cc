// client-registry.cc — two std::threads putting and getting keys (lambdas, std::string).
#include <thread>
#include "registry.h"
int main() {
	Registry *r = Registry::make();
	std::thread a([r] { r->put("x", 1); r->get("y"); });
	std::thread b([r] { r->put("y", 2); r->get("x"); });
	a.join(); b.join();
	return 0;
}
