// registry.h — a C++ string-keyed registry under a std::mutex (a real C++ library shape).
#pragma once
#include <string>
class Registry
{
      public:
	int put(const std::string &k, int v);
	int get(const std::string &k);
	static Registry *make();
};
