// Package router dispatches HTTP requests to handlers by path.
package router

import (
	"net/http"
	"sync"
)

// Middleware wraps a handler with behaviour that runs around it.
type Middleware func(http.Handler) http.Handler

// Mux is the router: a radix tree of routes plus the middleware stack that wraps
// every handler.
type Mux struct {
	mu          sync.RWMutex
	tree        *node
	middlewares []Middleware
	notFound    http.Handler
}

// NewMux returns an empty router.
func NewMux() *Mux {
	return &Mux{tree: &node{}, notFound: http.NotFoundHandler()}
}

// Use appends middleware to the stack; the first added runs outermost.
func (m *Mux) Use(mw ...Middleware) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.middlewares = append(m.middlewares, mw...)
}

// Handle registers a handler for a path pattern such as /users/{id}.
func (m *Mux) Handle(pattern string, h http.Handler) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.tree.insert(pattern, h)
}

// ServeHTTP finds the route for the request path and runs it through the middleware
// stack.
func (m *Mux) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	m.mu.RLock()
	h, params := m.tree.find(r.URL.Path)
	stack := m.middlewares
	m.mu.RUnlock()
	if h == nil {
		h = m.notFound
	}
	for i := len(stack) - 1; i >= 0; i-- {
		h = stack[i](h)
	}
	h.ServeHTTP(w, r.WithContext(withParams(r.Context(), params)))
}
