export { TodoList } from './TodoList';
export type { TodoItem } from './TodoList';
