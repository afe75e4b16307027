// Package server serves.
package server

import (
	h "net/http"
	"fmt"
)

// lode: example.com/app/server.Handler server.Handler
type Handler struct {
	name string
}

// lode: example.com/app/server.Handler.ServeHTTP server.Handler.ServeHTTP Handler.ServeHTTP
func (s *Handler) ServeHTTP(w h.ResponseWriter, r *h.Request) {
	fmt.Fprintln(w, s.name)
}

// lode: server.Handler.Name
func (s Handler) Name() string { return s.name }

// lode: server.New
func New(name string) *Handler {
	// lode-ref: net/http.Client
	var c h.Client
	_ = c
	return &Handler{name: name}
}

type (
	// lode: server.ID
	ID int64
	// lode: server.Namer
	Namer interface {
		// lode: server.Namer.Name Namer.Name
		Name() string
	}
)

// lode: server.Pair
type Pair[K comparable, V any] struct{ k K; v V }

// lode: server.Pair.Key
func (p *Pair[K, V]) Key() K { return p.k }
