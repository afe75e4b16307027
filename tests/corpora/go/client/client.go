package client

import "example.com/app/server"

// lode: client.Dial
func Dial() {
	// lode-ref: server.New
	s := server.New("x")
	_ = s
}
