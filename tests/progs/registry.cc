// registry.cc — see registry.h: std::map under a std::mutex, linearizable.
#include <map>
#include <mutex>
#include "registry.h"
static std::mutex m;
static std::map<std::string, int> table;
int Registry::put(const std::string &k, int v) { std::lock_guard<std::mutex> g(m); int old = table.count(k) ? table[k] : -1; table[k] = v; return old; }
int Registry::get(const std::string &k) { std::lock_guard<std::mutex> g(m); auto it = table.find(k); return it == table.end() ? -1 : it->second; }
Registry *Registry::make() { return new Registry; }
