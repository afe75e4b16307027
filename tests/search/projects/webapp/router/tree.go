package router

import (
	"context"
	"net/http"
	"strings"
)

// node is one segment of the radix tree; children are keyed by their first byte.
type node struct {
	prefix   string
	param    string
	children []*node
	handler  http.Handler
}

// insert adds a route pattern, splitting nodes where prefixes diverge.
func (n *node) insert(pattern string, h http.Handler) {
	cur := n
	for _, seg := range strings.Split(strings.Trim(pattern, "/"), "/") {
		next := cur.child(seg)
		if next == nil {
			next = &node{prefix: seg}
			if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
				next.param = seg[1 : len(seg)-1]
			}
			cur.children = append(cur.children, next)
		}
		cur = next
	}
	cur.handler = h
}

func (n *node) child(seg string) *node {
	for _, c := range n.children {
		if c.prefix == seg {
			return c
		}
	}
	return nil
}

// find walks the tree segment by segment; a {param} node matches any segment and
// records its value.
func (n *node) find(path string) (http.Handler, map[string]string) {
	params := map[string]string{}
	cur := n
	for _, seg := range strings.Split(strings.Trim(path, "/"), "/") {
		var next *node
		for _, c := range cur.children {
			if c.prefix == seg {
				next = c
				break
			}
			if c.param != "" && next == nil {
				next = c
				params[c.param] = seg
			}
		}
		if next == nil {
			return nil, nil
		}
		cur = next
	}
	return cur.handler, params
}

type paramsKey struct{}

func withParams(ctx context.Context, p map[string]string) context.Context {
	return context.WithValue(ctx, paramsKey{}, p)
}

// URLParam returns the value of a {name} segment captured for this request.
func URLParam(r *http.Request, name string) string {
	p, _ := r.Context().Value(paramsKey{}).(map[string]string)
	return p[name]
}
