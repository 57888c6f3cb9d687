package mate

// Prefault writes every page of the proof table now, so that the next
// searches take no page faults on it (core.Table.Prefault: on the
// Microcosmos tail 601 with 1 GiB, 1.6-1.9 s of system time during the
// proof without, about 0.2 s for the call). It is for a front end's idle
// time before a search, as USI's isready, where engines clear their
// tables; it waits for a running Solve to end.
func (s *Solver) Prefault() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.table != nil {
		s.table.Prefault()
	}
}
