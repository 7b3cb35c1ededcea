/* cli/analyze/dwarf-types.c — parameter and result kinds of functions from DWARF (libdw): a
 * target's own definitions, or the declarations a client built with -g carries of the
 * library functions it calls. Looks for a separate debug file when the object has none. */
#include "analyze-internal.h"
#include "lineup/die.h"
#include "lineup/layout.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwelf.h>
#include <errno.h>
#include <fcntl.h>
#include <libelf.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static Dwarf *try_dwarf(const char *path, int *fd)
{
	*fd = open(path, O_RDONLY | O_CLOEXEC);
	if (*fd < 0)
		return NULL;
	Dwarf *dw = dwarf_begin(*fd, DWARF_C_READ);
	if (!dw) {
		close(*fd);
		*fd = -1;
	}
	return dw;
}

/* The object's own DWARF, else a separate debug file found by build-id
 * (/usr/lib/debug/.build-id/xx/yyy.debug) or by .gnu_debuglink (next to the object, in
 * its .debug/ directory, or under /usr/lib/debug). */
static Dwarf *open_dwarf(const char *path, int *fd)
{
	Dwarf *dw = try_dwarf(path, fd);
	if (dw)
		return dw;
	int efd = open(path, O_RDONLY | O_CLOEXEC);
	if (efd < 0)
		return NULL;
	elf_version(EV_CURRENT);
	Elf *elf = elf_begin(efd, ELF_C_READ_MMAP, NULL);
	char cand[PATH_MAX + 64];
	const void *id;
	ssize_t idlen = elf ? dwelf_elf_gnu_build_id(elf, &id) : -1;
	if (idlen > 1) {
		const unsigned char *b = id;
		int n = snprintf(cand, sizeof(cand), "/usr/lib/debug/.build-id/%02x/", b[0]);
		for (ssize_t i = 1; i < idlen && n < (int)sizeof(cand) - 8; i++)
			n += snprintf(cand + n, sizeof(cand) - (size_t)n, "%02x", b[i]);
		snprintf(cand + n, sizeof(cand) - (size_t)n, ".debug");
		dw = try_dwarf(cand, fd);
	}
	GElf_Word crc;
	const char *link = elf && !dw ? dwelf_elf_gnu_debuglink(elf, &crc) : NULL;
	char *real = link ? realpath(path, NULL) : NULL;
	if (real && !strchr(link, '/')) {
		char *slash = strrchr(real, '/');
		*slash = 0;
		const char *pre[] = {"", "", "/usr/lib/debug"}, *mid[] = {"/", "/.debug/", "/"};
		for (int i = 0; i < 3 && !dw; i++) {
			snprintf(cand, sizeof(cand), "%s%s%s%s", pre[i], real, mid[i], link);
			*slash = '/';
			bool self = !strcmp(cand, real);
			*slash = 0;
			if (!self)
				dw = try_dwarf(cand, fd);
		}
	}
	free(real);
	if (elf)
		elf_end(elf);
	close(efd);
	return dw;
}

static bool die_type(Dwarf_Die *die, Dwarf_Die *out)
{
	Dwarf_Attribute a;
	return dwarf_attr_integrate(die, DW_AT_type, &a) && dwarf_formref_die(&a, out);
}

static const char *die_string(Dwarf_Die *die, int at)
{
	Dwarf_Attribute a;
	return dwarf_attr_integrate(die, at, &a) ? dwarf_formstring(&a) : NULL;
}

static bool die_flag(Dwarf_Die *die, int at)
{
	Dwarf_Attribute a;
	bool f = false;
	return dwarf_attr_integrate(die, at, &a) && dwarf_formflag(&a, &f) == 0 && f;
}

static bool is_cv_or_typedef(int tag)
{
	return tag == DW_TAG_typedef || tag == DW_TAG_const_type || tag == DW_TAG_volatile_type ||
	       tag == DW_TAG_restrict_type || tag == DW_TAG_atomic_type ||
	       tag == 0x4b /* DW_TAG_immutable_type */;
}

/* Follows typedefs and qualifiers; false when they end in void. */
static bool strip(Dwarf_Die *t)
{
	for (int i = 0; i < 64 && is_cv_or_typedef(dwarf_tag(t)); i++)
		if (!die_type(t, t))
			return false;
	return true;
}

static enum lp_kind int_kind(bool sign, Dwarf_Word size, const char *name, char *why, size_t n)
{
	switch (size) {
	case 1:
		return sign ? LP_K_I1 : LP_K_U1;
	case 2:
		return sign ? LP_K_I2 : LP_K_U2;
	case 4:
		return sign ? LP_K_I4 : LP_K_U4;
	case 8:
		return sign ? LP_K_I8 : LP_K_U8;
	}
	snprintf(why, n, "'%s' (%u bytes)", name ? name : "integer", (unsigned)size);
	return LP_K_UNKNOWN;
}

/* An enum's signedness: its underlying type when DWARF names it, else negative
 * enumerators make it signed (what GCC chooses). */
static bool enum_signed(Dwarf_Die *t)
{
	Dwarf_Die u = *t, child;
	if (die_type(t, &u) && strip(&u) && dwarf_tag(&u) == DW_TAG_base_type) {
		Dwarf_Attribute a;
		Dwarf_Word enc = 0;
		if (dwarf_attr(&u, DW_AT_encoding, &a) && dwarf_formudata(&a, &enc) == 0)
			return enc == DW_ATE_signed || enc == DW_ATE_signed_char;
	}
	if (dwarf_child(t, &child) != 0)
		return false;
	do {
		Dwarf_Attribute a;
		Dwarf_Sword v;
		if (dwarf_tag(&child) == DW_TAG_enumerator &&
		    dwarf_attr(&child, DW_AT_const_value, &a) &&
		    (dwarf_whatform(&a) == DW_FORM_sdata ||
		     dwarf_whatform(&a) == DW_FORM_implicit_const) &&
		    dwarf_formsdata(&a, &v) == 0 && v < 0)
			return true;
	} while (dwarf_siblingof(&child, &child) == 0);
	return false;
}

/* An aggregate of 1, 2, 4 or 8 bytes whose members are all integers, enums or pointers at
 * naturally aligned offsets travels in one general register (System V ABI, class
 * INTEGER), like liburcu's transparent union cds_lfs_stack_ptr_t: recorded as an unsigned
 * integer of its size, an 8-byte one holding a pointer as a pointer. Sets *ok = false
 * when any member rules that out (a float member makes it SSE class). */
static void scan_members(Dwarf_Die *agg, bool *ok, bool *has_ptr, int depth)
{
	Dwarf_Die m;
	if (depth > 8 || dwarf_child(agg, &m) != 0)
		return;
	do {
		if (dwarf_tag(&m) != DW_TAG_member)
			continue;
		Dwarf_Attribute a;
		Dwarf_Word off = 0, enc = 0;
		Dwarf_Die t;
		if (dwarf_attr(&m, DW_AT_bit_size, &a) || !die_type(&m, &t) || !strip(&t)) {
			*ok = false;
			return;
		}
		if (dwarf_attr(&m, DW_AT_data_member_location, &a) &&
		    dwarf_formudata(&a, &off) != 0) {
			*ok = false;
			return;
		}
		int size = dwarf_bytesize(&t);
		switch (dwarf_tag(&t)) {
		case DW_TAG_pointer_type:
			*has_ptr = true;
			break;
		case DW_TAG_enumeration_type:
			break;
		case DW_TAG_base_type:
			if (!dwarf_attr(&t, DW_AT_encoding, &a) || dwarf_formudata(&a, &enc) != 0 ||
			    enc == DW_ATE_float || enc == DW_ATE_complex_float)
				*ok = false;
			break;
		case DW_TAG_structure_type:
		case DW_TAG_union_type:
			scan_members(&t, ok, has_ptr, depth + 1);
			break;
		default:
			*ok = false;
		}
		if (size <= 0 || off % (Dwarf_Word)size != 0)
			*ok = false;
		if (!*ok)
			return;
	} while (dwarf_siblingof(&m, &m) == 0);
}

static enum lp_kind small_aggregate_kind(Dwarf_Die *t, int size)
{
	bool ok = true, has_ptr = false;
	if (size != 1 && size != 2 && size != 4 && size != 8)
		return LP_K_UNKNOWN;
	scan_members(t, &ok, &has_ptr, 0);
	if (!ok)
		return LP_K_UNKNOWN;
	switch (size) {
	case 1:
		return LP_K_U1;
	case 2:
		return LP_K_U2;
	case 4:
		return LP_K_U4;
	}
	return has_ptr ? LP_K_PTR : LP_K_U8;
}

/* Whether a const qualifier comes before the type the typedefs and qualifiers lead to. */
static bool is_const(Dwarf_Die t)
{
	for (int i = 0; i < 64 && is_cv_or_typedef(dwarf_tag(&t)); i++) {
		if (dwarf_tag(&t) == DW_TAG_const_type)
			return true;
		if (!die_type(&t, &t))
			return false;
	}
	return false;
}

static enum lp_kind kind_of(Dwarf_Die *type, bool param, char *why, size_t n);

/* A C++ class passed by invisible reference (a non-trivial copy or destructor: DWARF 5
 * says so), or a struct aligned beyond 8 bytes (its stack slot too), is not copied into
 * registers and slots as its members say. */
static bool plain_struct(Dwarf_Die *agg, char *why, size_t n)
{
	Dwarf_Attribute a;
	Dwarf_Word v = 0;
	if (dwarf_attr(agg, DW_AT_calling_convention, &a) && dwarf_formudata(&a, &v) == 0 &&
	    v == DW_CC_pass_by_reference) {
		snprintf(why, n, "a class passed by reference");
		return false;
	}
	if (dwarf_attr(agg, DW_AT_alignment, &a) && dwarf_formudata(&a, &v) == 0 && v > 8) {
		snprintf(why, n, "aligned to %u bytes", (unsigned)v);
		return false;
	}
	return true;
}

/* Appends the members of struct agg (at offset base) to l as leaves; false with why when a
 * member is not one lineup-preload records (array, union, bit-field, long double...). */
static bool layout_members(Dwarf_Die *agg, struct lp_layout *l, unsigned base, int depth, char *why,
			   size_t n)
{
	Dwarf_Die m;
	if (depth > LP_LAYOUT_MAX_DEPTH || dwarf_child(agg, &m) != 0) {
		snprintf(why, n, "a struct nested too deep or without members");
		return false;
	}
	int first = l->n;
	if (!plain_struct(agg, why, n))
		return false;
	do {
		if (dwarf_tag(&m) == DW_TAG_inheritance) {
			snprintf(why, n, "a class with a base class");
			return false;
		}
		/* a C++ static member (DWARF 4) is no part of the value */
		if (dwarf_tag(&m) != DW_TAG_member || dwarf_hasattr(&m, DW_AT_declaration))
			continue;
		if (!plain_struct(&m, why, n)) /* an over-aligned member */
			return false;
		Dwarf_Attribute a;
		Dwarf_Word off = 0;
		Dwarf_Die t;
		const char *mname = dwarf_diename(&m);
		if (dwarf_attr(&m, DW_AT_bit_size, &a) || !die_type(&m, &t) || !strip(&t) ||
		    (dwarf_attr(&m, DW_AT_data_member_location, &a) &&
		     dwarf_formudata(&a, &off) != 0)) {
			snprintf(why, n, "member '%s' is a bit-field or has no offset",
				 mname ? mname : "?");
			return false;
		}
		int tag = dwarf_tag(&t);
		if (tag == DW_TAG_structure_type || tag == DW_TAG_class_type) {
			int at = l->n;
			if (!layout_members(&t, l, base + (unsigned)off, depth + 1, why, n))
				return false;
			l->leaf[at].open++;
			l->leaf[l->n - 1].close++;
			continue;
		}
		char w[96] = "";
		enum lp_kind k = tag == DW_TAG_base_type || tag == DW_TAG_enumeration_type ||
					 tag == DW_TAG_pointer_type
				     ? kind_of(&t, false, w, sizeof w)
				     : LP_K_UNKNOWN;
		if (k == LP_K_STR)
			k = LP_K_PTR; /* a char * member: its address, never its bytes */
		if (!lp_layout_kind_size(k) || l->n == LP_LAYOUT_MAX_LEAVES) {
			snprintf(why, n, "member '%s' is %s", mname ? mname : "?",
				 l->n == LP_LAYOUT_MAX_LEAVES ? "one too many"
				 : tag == DW_TAG_array_type   ? "an array"
				 : tag == DW_TAG_union_type   ? "a union"
							      : "of a type not recorded");
			return false;
		}
		l->leaf[l->n++] = (struct lp_layout_leaf){.off = (uint16_t)(base + off), .kind = k};
	} while (dwarf_siblingof(&m, &m) == 0);
	if (l->n == first) {
		snprintf(why, n, "a struct without members");
		return false;
	}
	return true;
}

/* The layout of struct type t (stripped), whose name as written is cname. */
static const struct lp_layout *struct_layout(Dwarf_Die *t, const char *cname, char *why, size_t n)
{
	struct lp_layout l;
	memset(&l, 0, sizeof l);
	int size = dwarf_bytesize(t);
	if (size <= 0 || size > LP_MAX_STRUCT) {
		snprintf(why, n, "of %d bytes (at most %d are recorded)", size, LP_MAX_STRUCT);
		return NULL;
	}
	if (!layout_members(t, &l, 0, 0, why, n))
		return NULL;
	l.size = (uint16_t)size;
	snprintf(l.ctype, sizeof l.ctype, "%s", cname);
	lp_layout_classify(&l);
	return lp_layout_intern(&l);
}

/* How C names type (typedefs and qualifiers not stripped): a typedef's name, "struct X",
 * or "" for an anonymous struct. */
static void c_name(Dwarf_Die t, char *buf, size_t n)
{
	buf[0] = 0;
	for (int i = 0; i < 64 && is_cv_or_typedef(dwarf_tag(&t)); i++) {
		if (dwarf_tag(&t) == DW_TAG_typedef && dwarf_diename(&t)) {
			snprintf(buf, n, "%s", dwarf_diename(&t));
			return;
		}
		if (!die_type(&t, &t))
			return;
	}
	if (dwarf_diename(&t))
		snprintf(buf, n, "struct %s", dwarf_diename(&t));
}

/* An argument's struct layout, when kind_of said LP_K_STRUCT. */
static const struct lp_layout *arg_layout(Dwarf_Die *type)
{
	Dwarf_Die t = *type;
	char cname[80], why[96];
	c_name(t, cname, sizeof cname);
	return strip(&t) ? struct_layout(&t, cname, why, sizeof why) : NULL;
}

/* Kind of a value of type t (NULL: void). Unsupported types give LP_K_UNKNOWN and a
 * description in why. A parameter of type char * without const may be a buffer the
 * function fills (its bytes at the call are whatever the caller left there): only a
 * const char * parameter, and a char * result, are recorded as strings. */
static enum lp_kind kind_of(Dwarf_Die *type, bool param, char *why, size_t n)
{
	if (!type)
		return LP_K_VOID;
	Dwarf_Die t = *type;
	if (!strip(&t))
		return LP_K_VOID;
	const char *name = dwarf_diename(&t);
	int tag = dwarf_tag(&t);
	Dwarf_Attribute a;
	Dwarf_Word enc = 0;
	int size = dwarf_bytesize(&t);
	switch (tag) {
	case DW_TAG_base_type:
		if (!dwarf_attr(&t, DW_AT_encoding, &a) || dwarf_formudata(&a, &enc) != 0)
			break;
		switch (enc) {
		case DW_ATE_signed:
		case DW_ATE_signed_char:
			return int_kind(true, (Dwarf_Word)size, name, why, n);
		case DW_ATE_unsigned:
		case DW_ATE_unsigned_char:
		case DW_ATE_UTF:
			return int_kind(false, (Dwarf_Word)size, name, why, n);
		case DW_ATE_boolean:
			return size == 1 ? LP_K_BOOL
					 : int_kind(false, (Dwarf_Word)size, name, why, n);
		case DW_ATE_float:
			if (size == 4)
				return LP_K_F4;
			if (size == 8)
				return LP_K_F8;
			break;
		}
		snprintf(why, n, "'%s'", name ? name : "unknown base type");
		return LP_K_UNKNOWN;
	case DW_TAG_enumeration_type:
		return int_kind(enum_signed(&t), (Dwarf_Word)size, name ? name : "enum", why, n);
	case DW_TAG_pointer_type:
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type: {
		Dwarf_Die to, pointee;
		if (tag == DW_TAG_pointer_type && die_type(&t, &to) && (pointee = to, strip(&to)) &&
		    dwarf_tag(&to) == DW_TAG_base_type && dwarf_diename(&to) &&
		    !strcmp(dwarf_diename(&to), "char") && (!param || is_const(pointee)))
			return LP_K_STR;
		return LP_K_PTR;
	}
	case DW_TAG_unspecified_type: /* decltype(nullptr) */
		return LP_K_PTR;
	case DW_TAG_structure_type:
	case DW_TAG_class_type:
	case DW_TAG_union_type: {
		char w[96] = "";
		if (param && tag != DW_TAG_union_type && struct_layout(&t, "", w, sizeof w))
			return LP_K_STRUCT;
		enum lp_kind k = small_aggregate_kind(&t, size);
		if (k != LP_K_UNKNOWN)
			return k;
		snprintf(why, n, "%s '%s' by value%s%s",
			 tag == DW_TAG_union_type ? "union" : "struct", name ? name : "(anonymous)",
			 w[0] ? ": " : "", w);
		return LP_K_UNKNOWN;
	}
	case DW_TAG_ptr_to_member_type:
		snprintf(why, n, "a pointer to member");
		return LP_K_UNKNOWN;
	}
	snprintf(why, n, "a type lineup-preload cannot record (DWARF tag 0x%x)", (unsigned)tag);
	return LP_K_UNKNOWN;
}

static bool lang_is_c(Dwarf_Die *cu)
{
	int lang = dwarf_srclang(cu);
	return lang == DW_LANG_C89 || lang == DW_LANG_C || lang == DW_LANG_C99 ||
	       lang == 0x1d /* C11 */ || lang == 0x2c /* C17 */;
}

static void type_of(Dwarf_Die *die, bool c_lang, struct lp_ftype *ft)
{
	memset(ft, 0, sizeof(*ft));
	char why[96] = "";
	Dwarf_Die rt, origin, *pdie = die, child;
	Dwarf_Attribute a;
	ft->ret = kind_of(die_type(die, &rt) ? &rt : NULL, false, why, sizeof(why));
	if (ft->ret == LP_K_UNKNOWN) {
		snprintf(ft->reason, sizeof(ft->reason), "its result is %s", why);
		return;
	}
	if (dwarf_attr(die, DW_AT_abstract_origin, &a) && dwarf_formref_die(&a, &origin))
		pdie = &origin;
	bool has_params = false;
	int nargs = 0;
	if (dwarf_child(pdie, &child) == 0) {
		do {
			int tag = dwarf_tag(&child);
			if (tag == DW_TAG_unspecified_parameters) {
				ft->varargs = true;
				continue;
			}
			if (tag != DW_TAG_formal_parameter)
				continue;
			has_params = true;
			Dwarf_Die pt;
			enum lp_kind k =
			    kind_of(die_type(&child, &pt) ? &pt : NULL, true, why, sizeof(why));
			if (k == LP_K_UNKNOWN || k == LP_K_VOID) {
				snprintf(ft->reason, sizeof(ft->reason), "its argument %d is %s",
					 nargs + 1, k == LP_K_VOID ? "void" : why);
				return;
			}
			if (nargs < LP_MAX_ARGS)
				ft->args[nargs] = k;
			if (nargs < LP_MAX_ARGS && k == LP_K_STRUCT)
				ft->layout[nargs] = arg_layout(&pt);
			nargs++;
		} while (dwarf_siblingof(&child, &child) == 0);
	}
	if (nargs > LP_MAX_ARGS) {
		snprintf(ft->reason, sizeof(ft->reason),
			 "it has %d arguments (at most %d are recorded)", nargs, LP_MAX_ARGS);
		return;
	}
	/* "int f();" in C says nothing about the arguments. */
	if (c_lang && !has_params && !ft->varargs && dwarf_hasattr(die, DW_AT_declaration) &&
	    !die_flag(die, DW_AT_prototyped)) {
		snprintf(ft->reason, sizeof(ft->reason), "it is declared without a prototype");
		ft->ret = LP_K_UNKNOWN;
		return;
	}
	ft->nargs = nargs;
	ft->typed = true;
}

struct walk {
	struct lp_dwarf_fn **byname; /* sorted by name */
	int *prio;		     /* parallel to byname: 0 none, 1 declaration, 2 definition */
	int n;
	bool decls_only;
	bool c_lang;
};

static int cmp_fn(const void *a, const void *b)
{
	return strcmp((*(struct lp_dwarf_fn *const *)a)->name,
		      (*(struct lp_dwarf_fn *const *)b)->name);
}

static int find(const struct walk *w, const char *name)
{
	int lo = 0, hi = w->n - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2, c = strcmp(name, w->byname[mid]->name);
		if (!c)
			return mid;
		if (c < 0)
			hi = mid - 1;
		else
			lo = mid + 1;
	}
	return -1;
}

static void subprogram(struct walk *w, Dwarf_Die *die)
{
	const char *name = die_string(die, DW_AT_linkage_name);
	if (!name)
		name = die_string(die, DW_AT_MIPS_linkage_name);
	if (!name)
		name = die_string(die, DW_AT_name);
	if (!name || !die_flag(die, DW_AT_external))
		return;
	int i = find(w, name);
	if (i < 0)
		return;
	bool decl = dwarf_hasattr(die, DW_AT_declaration);
	if (w->decls_only && !decl)
		return;
	int prio = decl ? 1 : 2;
	if (w->prio[i] >= prio)
		return;
	struct lp_ftype ft;
	type_of(die, w->c_lang, &ft);
	/* A declaration without a prototype may be completed by a better one later. */
	if (!ft.typed && w->prio[i] > 0)
		return;
	w->prio[i] = ft.typed ? prio : 0;
	w->byname[i]->found = true;
	w->byname[i]->type = ft;
}

static void walk_children(struct walk *w, Dwarf_Die *parent, int depth)
{
	Dwarf_Die child;
	if (depth > 8 || dwarf_child(parent, &child) != 0)
		return;
	do {
		int tag = dwarf_tag(&child);
		if (tag == DW_TAG_subprogram)
			subprogram(w, &child);
		else if (tag == DW_TAG_namespace || tag == DW_TAG_structure_type ||
			 tag == DW_TAG_class_type)
			walk_children(w, &child, depth + 1);
	} while (dwarf_siblingof(&child, &child) == 0);
}

int lp_dwarf_types(const char *path, bool decls_only, struct lp_dwarf_fn *fns, int n, char *err,
		   size_t errsize)
{
	int fd;
	Dwarf *dw = open_dwarf(path, &fd);
	if (!dw)
		return 0;
	struct walk w = {
	    .byname = lp_xcalloc((size_t)n, sizeof(*w.byname)),
	    .prio = lp_xcalloc((size_t)n, sizeof(*w.prio)),
	    .n = n,
	    .decls_only = decls_only,
	};
	for (int i = 0; i < n; i++) {
		fns[i].found = false;
		w.byname[i] = &fns[i];
	}
	qsort(w.byname, (size_t)n, sizeof(*w.byname), cmp_fn);
	Dwarf_Off off = 0, next;
	size_t hsize;
	while (dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		Dwarf_Die cu;
		if (dwarf_offdie(dw, off + hsize, &cu)) {
			w.c_lang = lang_is_c(&cu);
			walk_children(&w, &cu, 0);
		}
		off = next;
	}
	free(w.byname);
	free(w.prio);
	dwarf_end(dw);
	close(fd);
	return 1;
}
