package server

import "net/http"

// Routes wires the handler; every request goes through ServeHTTP.
func Routes(h *Handler) *http.ServeMux {
	mux := http.NewServeMux()
	mux.Handle("/search", h)
	return mux
}
