#!/bin/sh
# mutate.sh applies, one at a time, each mutation the core's tests must
# catch (MUTATIONS.md) and runs the core's tests on the mutated source; it
# reports each mutation as caught (the tests failed) or SURVIVED, and exits
# non-zero if any survived or no longer applies. The worktree is never
# modified: the mutated file is given to the go command with -overlay.
#
#   core/mutate.sh            every mutation, the -short tests (about 15 s each)
#   core/mutate.sh NAME...    only these
#   MUTATE_TESTS=-run=X core/mutate.sh   restrict the tests run
set -u
cd "$(dirname "$0")" || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
bad=0

# Each mutation: name, file, a perl substitution that must change the file.
mutations() {
cat <<'LIST'
ghi-store|ghi.go|s/(func \(s \*searcher\) storePathDependent\(d int, v val, work uint64\) \{\n)/$1\treturn\n/
ghi-read|ghi.go|s/(func \(s \*searcher\) refreshPathDependent\(d int, c \*child\) bool \{\n)/$1\treturn false\n/
ghi-naive|search.go|s/if v\.final\(\) && v\.dep < int32\(d\) \{/if false \&\& v.final() \&\& v.dep < int32(d) {/
cycle-per-position|search.go|s/if s\.cycle == Proven \{/if s.g.CycleOutcome() == Proven {/
finalof-most-dep|search.go|s/dep > v\.dep \|\| \(dep == v\.dep && c\.length < v\.length\)/dep < v.dep || (dep == v.dep \&\& c.length < v.length)/
dfpnr-skip-old|dfpn.go|s/\t\t\tif old \{\n\t\t\t\tcontinue/\t\t\tif false \&\& old {\n\t\t\t\tcontinue/
tca-reset-new|dfpn.go|s/if first && isLeaf \{/if false \&\& first \&\& isLeaf {/
tca-raise-every-loop|dfpn.go|s/if first && inc \{/if inc {/
tca-reread|dfpn.go|s/reread = r\.final\(\) \|\| s\.o\.TCA \|\| s\.o\.DFPNR/reread = r.final()/
md-entry|search.go|s/\t\t\tp\.md = p\.entry\.MinDepth\n//
md-store|search.go|s/e\.MinDepth = p\.md/e.MinDepth = uint32(d)/
pnstar-and-order|pnstar.go|s/return x\.pn > y\.pn/return x.pn < y.pn/
pnstar-or-skip|pnstar.go|s/if c\.fixed \|\| c\.pn > th \{/if c.fixed {/
pnstar-and-refresh|pnstar.go|s/\t\ts\.refreshStar\(d, int\(i\)\)\n\t\tif v := s\.starValue\(p\); v\.final\(\) \|\| v\.pn > th \{\n\t\t\treturn v\n\t\t\}\n//
pnstar-tca|pnstar.go|s/\tif s\.starOld\(p\) \{/\tif false \&\& s.starOld(p) {/
cstar-ge|cstar.go|s/return c\.inTT && c\.pn >= t/return c.inTT \&\& c.pn > t/
cstar-tip-one|cstar.go|s/\t\t\tc\.pn = 1 \/\/ an unsolved/\t\t\t_ = 1 \/\/ an unsolved/
cstar-and-slack|cstar.go|s/t := th - \(v\.pn - c\.pn\)/t := c.pn/
cstar-and-refresh|cstar.go|s/\t\ts\.refreshStar\(d, int\(i\)\)\n\t\tv := s\.cstarValue\(p\)/\t\tv := s.cstarValue(p)/
cstar-and-order|cstar.go|s/\t\tif !p\.kids\[i\]\.inTT \{\n/\t\tif false {\n/; s/\t\tif p\.kids\[i\]\.inTT \{\n/\t\tif true {\n/
cstar-root-step|cstar.go|s/th = th\.AddOne\(\)\n/th = max(v.pn, th.AddOne())\n/
cstar-tca|cstar.go|s/\tif s\.starOld\(p\) \{/\tif false \&\& s.starOld(p) {/
cstar-and-cost|cstar.go|s/\tif s\.o\.CStarANDCost && !p\.or && !v\.final\(\) \{/\tif false \&\& s.o.CStarANDCost {/
cstar-best-first|cstar.go|s/\tif s\.o\.CStarBestFirst \{/\tif false \&\& s.o.CStarBestFirst {/
mm-stop|cstar_minimax.go|s/\t\tif \(r\.v > s && r\.d > down\) \|\| \(r\.v <= s && r\.p > up\) \{\n\t\t\tbreak\n\t\t\}\n//
mm-max-slack|cstar_minimax.go|s/cd = down - r\.d \+ c\.d/cd = down/
mm-min-slack|cstar_minimax.go|s/cu = up - r\.p \+ c\.p/cu = up/
mm-cutoff|cstar_minimax.go|s/if m\.aborted \|\| \(maxNode && cr\.v > s\) \|\| \(!maxNode && cr\.v <= s\) \{/if m.aborted {/
mm-max-sum|cstar_minimax.go|s/r\.p, r\.d = min\(r\.p, c\.p\), r\.d\.Add\(c\.d\)/r.p, r.d = min(r.p, c.p), max(r.d, c.d)/
mm-table-split|cstar_minimax.go|s/if e\.split == s \{/if true {/
mm-best-split|cstar_minimax.go|s/search\(b, kids\[b\]\.v-1, t\)/search(b, kids[b].v, t)/
mm-tip-cn|minimax.go|s/\tif e > v \{\n\t\tdown = one/\tif e >= v {\n\t\tdown = one/
par-cut|parallel.go|s/\tif w\.cut <= d \{/\tif false \&\& w.cut <= d {/
smaps-huge|mem_linux.go|s/return kb > 0/return kb >= 0/
usable-final-step|parallel.go|s/\(e\.Step == uint8\(s\.step\) \|\| e\.Sound\)/true/
reread-store-write|search.go|s/\ts\.noteWrite\(b\)\n//
reread-ghi-write|ghi.go|s/\ts\.noteWrite\(s\.t\.bucketNo\(p\.key\.Board\)\)\n//
reread-gc-layout|table.go|s/\tdefer t\.layout\.Add\(1\)\n//
reread-grow-layout|table.go|s/\tif lo == 0 \{\n\t\tt\.from\.Store\(0\)\n\t\}\n\tt\.layout\.Add\(1\)\n/\tif lo == 0 {\n\t\tt.from.Store(0)\n\t}\n/
grow-old-bucket|table.go|s/ob < t\.cursor\.Load\(\)/false \&\& ob < t.cursor.Load()/
deferred-ignored|search.go|s/\tif s\.dt != nil \{\n\t\tif o := s\.dt\.ExpandTerminal\(\)/\tif false \&\& s.dt != nil {\n\t\tif o := s.dt.ExpandTerminal()/
deferred-inverted|search.go|s/s\.initChild\(&p\.kids\[0\], o, -1, 1, 1\)/s.initChild(\&p.kids[0], Proven+Disproven-o, -1, 1, 1)/
deferred-leaves|pv.go|s/\t\t\t\treturn 1 \/\/ proven at its expansion/\t\t\t\treturn 0 \/\/ proven at its expansion/
grow-poll|search.go|s/\ts\.t\.growStep\(growChunk\) .*\n//
spare-off|table.go|s/\} else if spare && uint64\(e\.Amount\) < victimAmount/} else if false \&\& spare \&\& uint64(e.Amount) < victimAmount/
spare-finals|table.go|s/uint64\(e\.Amount\) < victimAmount && e\.PN != 0 && e\.DN != 0/uint64(e.Amount) < victimAmount/
refused-lands|search.go|s/p\.key, !again\)/p.key, true)/
ghi-marks-grow|ghi.go|s/\tfor _, k := range m\.keys \{/\tfor _, k := range m.keys[:0] {/
pathkey-push|search.go|s/s\.reps\.push\(s\.pk\.PathKey\(k, d\), d\)/s.reps.push(k, d)/
pathkey-find|ghi.go|s/\tif s\.pk != nil \{\n\t\tk, p = s\.pk\.PathKey\(k, d\), &s\.reps\n/\tif false {\n\t\tk, p = s.pk.PathKey(k, d), &s.reps\n/
decided-off|search.go|s/\tif s\.dn != nil && v\.final\(\) && e\.Sound \{/\tif false \&\& s.dn != nil \&\& v.final() \&\& e.Sound {/
decided-unsound|search.go|s/\tif s\.dn != nil && v\.final\(\) && e\.Sound \{/\tif s.dn != nil \&\& v.final() {/
reset-refused|search.go|s/\t\tclear\(s\.refused\)\n//
LIST
}

only=" $* "
mutations | while IFS='|' read -r name file subst; do
	case "$only" in "  ") ;; *" $name "*) ;; *) continue ;; esac
	perl -0pe "$subst" "$file" >"$tmp/$file"
	if cmp -s "$file" "$tmp/$file"; then
		echo "STALE     $name: the pattern no longer matches $file"
		echo x >>"$tmp/bad"
		continue
	fi
	printf '{"Replace":{"%s":"%s"}}' "$PWD/$file" "$tmp/$file" >"$tmp/overlay.json"
	if go test -short -count=1 -timeout=300s -overlay "$tmp/overlay.json" ${MUTATE_TESTS:-} . >"$tmp/out" 2>&1; then
		echo "SURVIVED  $name ($file)"
		echo x >>"$tmp/bad"
	else
		echo "caught    $name: $(grep -m1 -- '--- FAIL' "$tmp/out" || grep -m1 . "$tmp/out")"
	fi
done
[ ! -s "$tmp/bad" ]
