"""The pages kept live: the broker that tells watchers of a change (live), the live
parts computed in a process of their own (pagework) and the templates' renderer
(render)."""
