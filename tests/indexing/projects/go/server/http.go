package server

import (
	"encoding/json"
	"net/http"
)

// Handler answers search requests over HTTP.
type Handler struct {
	MaxResults int
}

// ServeHTTP decodes the query and writes the hits as JSON.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query().Get("q")
	if q == "" {
		http.Error(w, "missing query", http.StatusBadRequest)
		return
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"query": q, "limit": h.MaxResults})
}

// NewHandler returns a Handler that serves at most max results.
func NewHandler(max int) *Handler {
	return &Handler{MaxResults: max}
}
