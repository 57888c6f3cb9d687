package main

import (
	"fmt"
	"io"

	"github.com/tsume-solver/tsume/shogi/mate"
)

// thesisFamilies are the three families of proof search the comparison
// sets side by side per problem: C* (Seo 1995), PN* (Seo, Iida and
// Uiterwijk 2001) and df-pn with TCA and SNDA (Nagai 2002, Kishimoto 2010).
var thesisFamilies = []mate.Algorithm{mate.CStar, mate.PNStar, mate.DFPN}

// printThesisTable prints the thesis's statistics per problem (Seo 1995,
// Tables 5.1-5.18: GE, EX, IT, TE, RE, BR) for each family that ran, one
// block of columns per family. A problem a family left undecided shows
// "-" for it; TE is the proof tree's terminal nodes (0 when disproven).
func printThesisTable(w io.Writer, all map[mate.Algorithm][]benchRow) {
	var fams []mate.Algorithm
	n := 0
	for _, a := range thesisFamilies {
		if rows, ok := all[a]; ok {
			fams = append(fams, a)
			n = max(n, len(rows))
		}
	}
	if len(fams) == 0 {
		return
	}
	fmt.Fprintln(w, "== per problem (Seo 1995, Table 5.1 layout: GE EX IT TE RE BR)")
	fmt.Fprintf(w, "%-24s", "")
	for _, a := range fams {
		fmt.Fprintf(w, " | %-50s", a.String())
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%-24s", "name")
	for range fams {
		fmt.Fprintf(w, " | %9s %9s %4s %9s %5s %5s %4s", "GE", "EX", "IT", "TE", "RE", "BR", "ok")
	}
	fmt.Fprintln(w)
	for i := range n {
		name := ""
		for _, a := range fams {
			if i < len(all[a]) {
				name = all[a][i].Name
				break
			}
		}
		fmt.Fprintf(w, "%-24s", trunc(name, 24))
		for _, a := range fams {
			rows := all[a]
			if i >= len(rows) || rows[i].Result == "unknown" || rows[i].Result == "" {
				fmt.Fprintf(w, " | %9s %9s %4s %9s %5s %5s %4s", "-", "-", "-", "-", "-", "-", "-")
				continue
			}
			r := rows[i]
			ok := "yes"
			if !r.OK {
				ok = "NO"
			}
			fmt.Fprintf(w, " | %9d %9d %4d %9d %5.3f %5.2f %4s", r.GE, r.EX, r.IT, r.TE, r.RE, r.BR, ok)
		}
		fmt.Fprintln(w)
	}
}
