# The platform as one image: API, LRS, content and both built web apps in one Node process.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY lms-api/package.json lms-api/
COPY lrs/package.json lrs/
COPY scorm-player/package.json scorm-player/
COPY learner-web/package.json learner-web/
COPY admin-web/package.json admin-web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV PORT=8080 DATA_DIR=/data PRODUCTION=true
VOLUME /data
EXPOSE 8080
CMD ["node", "--import", "tsx", "lms-api/src/main.ts"]
