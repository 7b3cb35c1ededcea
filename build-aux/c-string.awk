# build-aux/c-string.awk — a text file as one C string constant: awk -v name=NAME -f this FILE
# (escaped a character at a time: gsub's handling of backslashes differs between awks)
BEGIN { printf "static const char %s[] =\n", name }
{
	out = ""
	for (i = 1; i <= length($0); i++) {
		c = substr($0, i, 1)
		if (c == "\\" || c == "\"")
			out = out "\\" c
		else
			out = out c
	}
	printf "\t\"%s\\n\"\n", out
}
END { print "\t;" }
