# examples: the demo installed with the tool, and the campaign examples for schedulers.
#
# The demo (examples/preload: the Figure 1 queue and its client) is built a second time for
# installation into $(pkglibexecdir)/demo, with the packager's flags and no RUNPATH
# (demo.sh sets LD_LIBRARY_PATH), so that examples/preload/demo.sh runs it from the
# installed files. `make demo` (tests/local.mk) runs the build tree's copy instead.
lp_demodir = $(pkglibexecdir)/demo
LP_DEMO_INST = examples/preload/installed
noinst_DATA = $(LP_DEMO_INST)/libdemo-queue.so $(LP_DEMO_INST)/demo-client
CLEANFILES += $(LP_DEMO_INST)/libdemo-queue.so $(LP_DEMO_INST)/demo-client
dist_lp_demo_SCRIPTS = examples/preload/demo.sh
dist_lp_demo_DATA = examples/preload/queue.lineup

$(LP_DEMO_INST)/libdemo-queue.so: examples/preload/queue.c examples/preload/queue.h
	@$(MKDIR_P) $(LP_DEMO_INST)
	$(AM_V_CCLD)$(CC) $(CPPFLAGS) $(CFLAGS) -O1 -pthread -fPIC -shared $(LDFLAGS) \
		-Wl,-soname,libdemo-queue.so -o $@ $(srcdir)/examples/preload/queue.c
$(LP_DEMO_INST)/demo-client: examples/preload/client.c examples/preload/queue.h $(LP_DEMO_INST)/libdemo-queue.so
	$(AM_V_CCLD)$(CC) $(CPPFLAGS) $(CFLAGS) -O1 -pthread -I$(srcdir)/examples/preload $(LDFLAGS) \
		-o $@ $(srcdir)/examples/preload/client.c $(LP_DEMO_INST)/libdemo-queue.so

install-exec-local:
	$(MKDIR_P) '$(DESTDIR)$(lp_demodir)'
	$(INSTALL_PROGRAM) $(LP_DEMO_INST)/demo-client '$(DESTDIR)$(lp_demodir)/demo-client'
	$(INSTALL_DATA) $(LP_DEMO_INST)/libdemo-queue.so '$(DESTDIR)$(lp_demodir)/libdemo-queue.so'
uninstall-local:
	rm -f '$(DESTDIR)$(lp_demodir)/demo-client' '$(DESTDIR)$(lp_demodir)/libdemo-queue.so'

# Campaigns on a cluster (README, lineup-preload(1) merge): a Slurm array job with its
# merge step, a Kubernetes Indexed Job; documentation, installed with the examples.
exampledir = $(docdir)/examples
dist_example_DATA = examples/queue-trytake.history
exampleslurmdir = $(docdir)/examples/slurm
dist_exampleslurm_DATA = examples/slurm/campaign.sbatch
examplek8sdir = $(docdir)/examples/k8s
dist_examplek8s_DATA = examples/k8s/campaign.yaml
examplepreloaddir = $(docdir)/examples/preload
dist_examplepreload_DATA = examples/preload/queue.c examples/preload/queue.h \
	examples/preload/client.c examples/preload/queue.lineup
