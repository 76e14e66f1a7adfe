/** Socket.IO path and rooms, without the payload schemas (the studio's entry imports these). */
export const SOCKET_PATH = '/socket.io/';

export const userRoom = (userId: string) => `user:${userId}` as const;
export const projectRoom = (projectId: string) => `project:${projectId}` as const;
