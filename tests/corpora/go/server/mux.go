package server

// A constructor between a type and its methods, as routers often have them: the
// methods belong to Mux, not to NewMux.
// lode: server.Mux
type Mux struct {
	routes map[string]string
}

// lode: server.NewMux
func NewMux() *Mux {
	return &Mux{routes: map[string]string{}}
}

// lode: server.Mux.Route
func (m *Mux) Route(pattern string) string {
	return m.routes[pattern]
}
