package server

// lode: server.Store
type Store struct{}

// lode: server.Store.Name
func (s *Store) Name() string { return "store" }

// lode: server.Store.reclaim
func (s *Store) reclaim() error {
	return nil
}
